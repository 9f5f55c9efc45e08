import { createContext, useContext } from 'react';
import type { RefKind } from '../../contracts/references';
import type { RemoteRow } from '../crud/remote-select';

/**
 * What a plugin tells the toolkit about a kind of record it owns (src/contracts/references.ts): where the record's
 * screen is, so a reference to it shows as a link, and how to pick one, so a form asks for it by name, never by id.
 */
export interface RefKindView {
  /** The record's screen (a detail page kept in its own tab). */
  href?: (id: string) => string;
  /** The link shows only to users granted this code (the screen's read permission). */
  permission?: string;
  /** The picker: a searchable select over the owner's list call (its HTTP API, never its code). */
  picker?: RefPicker;
}

export interface RefPicker {
  /** A list call, e.g. `/cust/custMember/list`. */
  url: string;
  /** The list parameters for what was typed ({} lists the first page). */
  search: (keyword: string) => Record<string, string>;
  /** An option's text. */
  label: (row: RemoteRow) => string;
  /** The call that reads one record by id, for a saved choice the page does not list. */
  byId: (id: string) => { url: string; query: Record<string, string> };
}

/** The kinds the plugins describe (the app fills it from the plugin registry). */
export const RefKindsContext = createContext<(kind: RefKind) => RefKindView | undefined>(() => undefined);

export const useRefKind = (kind: RefKind | null): RefKindView | undefined => {
  const lookup = useContext(RefKindsContext);
  return kind === null ? undefined : lookup(kind);
};
