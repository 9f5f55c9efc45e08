export const ROW_KEY_DISPLAY_LENGTH = 50;

/** The row key as displayed: at most 50 characters (docs/spec.md §9). */
export function displayRowKey(id: string): string {
  return id.length > ROW_KEY_DISPLAY_LENGTH ? id.slice(0, ROW_KEY_DISPLAY_LENGTH) : id;
}
