/** What a number cell accepts while typing: optional minus, digits, optional decimal part; '' and '-' too. */
const TYPING = /^-?\d*(\.\d*)?$/;

export function acceptsNumberTyping(text: string): boolean {
  return TYPING.test(text);
}

/** On blur a valid value becomes a number and anything else becomes empty (docs/spec.md §5). */
export function numberOnBlur(value: unknown): number | '' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value !== 'string') return '';
  const text = value.trim();
  if (!TYPING.test(text) || !/\d/.test(text)) return '';
  const number = Number(text);
  return Number.isFinite(number) ? number : '';
}
