export const POPUP_MODAL_WIDTH = 1200;
/** docs/spec.md §9: a report's config and query info stay cached this long (the popup's staleTime and gcTime). */
export const POPUP_CACHE_MS = 30_000;

/** Popup picker settings as a form field or table column gives them (fields comma-separated). */
export interface PopupParams {
  code?: string;
  orgFields?: string;
  destFields?: string;
}

export type PopupParamError = 'popupNotConfigured' | 'popupFieldCountMismatch';

const split = (fields: string | undefined) =>
  (fields ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');

/** Checks code and field lists (docs/spec.md §5); returns the error key or the paired field lists. */
export function checkPopupParams(params: PopupParams): { error: PopupParamError } | { org: string[]; dest: string[] } {
  const org = split(params.orgFields);
  const dest = split(params.destFields);
  if (!params.code?.trim() || org.length === 0 || dest.length === 0) return { error: 'popupNotConfigured' };
  if (org.length !== dest.length) return { error: 'popupFieldCountMismatch' };
  return { org, dest };
}

/** Destination values from the chosen rows: each destination field gets its original field, comma-joined. */
export function destinationValues(rows: readonly Record<string, unknown>[], org: readonly string[], dest: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  dest.forEach((field, index) => {
    const source = org[index] ?? '';
    values[field] = rows
      .map((row) => row[source])
      .map((value) => (value === null || value === undefined ? '' : String(value)))
      .join(',');
  });
  return values;
}
