export const DEFAULT_ELLIPSIS_LENGTH = 25;

/** The ellipsis filter: text longer than `length` is cut there and ends with '...'. */
export function ellipsis(value: string | null | undefined, length: number = DEFAULT_ELLIPSIS_LENGTH): string {
  if (!value) return '';
  return value.length > length ? `${value.slice(0, length)}...` : value;
}
