import { createContext, useContext } from 'react';
import type { EntityDefinition } from '../../contracts/entity';

/** A tab of a detail page: the toolkit's list of `entity`, filtered by the shown record's id. */
export interface RelatedList {
  key: string;
  /** i18n key of the tab title. */
  label: string;
  entity: EntityDefinition;
  /** The related entity's field holding the shown record's id (e.g. `memberId`). */
  foreignKey: string;
  /** Shown only to users granted this code (e.g. the list's read permission, for another plugin's list). */
  permission?: string;
  /** Locale namespaces the list needs (another plugin's list brings its own). */
  namespaces?: readonly string[];
}

/**
 * The lists other plugins add to the detail page of a table (the app fills it from the plugin
 * registry): 会员详情 shows the member's orders without the customers plugin knowing about orders.
 */
export const ContributedListsContext = createContext<(table: string) => readonly RelatedList[]>(() => []);

export const useContributedLists = (table: string): readonly RelatedList[] => useContext(ContributedListsContext)(table);
