/** Tags input: the text is split into two-character groups separated by semicolons (docs/spec.md §5). */
export function splitTags(text: string): string {
  const plain = text.replace(/;/g, '');
  const groups: string[] = [];
  for (let i = 0; i < plain.length; i += 2) groups.push(plain.slice(i, i + 2));
  return groups.join(';');
}
