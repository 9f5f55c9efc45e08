import { isSafeKey } from '../../../server/kit';

/**
 * What a review's words and pictures may be. Review text is plain text: markup is taken out (so no tag a buyer types
 * ever reaches a screen that might render it), as are control characters and the invisible marks that reorder or hide
 * text; line breaks stay. Lengths count characters as people do (code points), as the database's check does.
 */

/** Tags, comments and declarations: `<b>`, `</script>`, `<!-- … -->`, `<?xml …?>`. */
const MARKUP = /<\/?[A-Za-z!?][^<>]*>/g;
/** Controls other than line feed and tab (by code, so the source holds no control character). */
const isKeptCharacter = (character: string): boolean => {
  const code = character.charCodeAt(0);
  return character === '\n' || character === '\t' || (code >= 0x20 && code !== 0x7f);
};
const withoutControls = (text: string): string => [...text].filter(isKeptCharacter).join('');
/** Zero-width characters and the marks that change the direction of what follows (U+202E shows `abc` as `cba`). */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The text as it is stored and shown: plain, trimmed, at most one empty line in a row. */
export function plainText(input: string): string {
  let text = withoutControls(input.replace(/\r\n?/g, '\n')).replace(INVISIBLE, '');
  // Again until nothing changes: taking `<script>` out of `<scr<script>ipt>` leaves another tag.
  for (let pass = 0; pass < 10; pass += 1) {
    const next = text.replace(MARKUP, '');
    if (next === text) break;
    text = next;
  }
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Characters as people count them (an emoji is one). */
export const lengthOf = (text: string): number => [...text].length;

/**
 * The name buyers see on an anonymous review: the first character, then `***`, then the last one when the name is
 * long enough to keep something hidden (张三 → 张***, 王小明 → 王***明).
 */
export function maskedName(name: string): string {
  const characters = [...name.trim()];
  const first = characters[0];
  if (first === undefined) return '***';
  if (characters.length < 3) return `${first}***`;
  return `${first}***${characters[characters.length - 1] ?? ''}`;
}

/** A stored picture's path as the upload routes answer it: `<folder>/<name>.<png|jpg|jpeg|gif|webp>`. */
const IMAGE_PATH = /^[A-Za-z0-9_-]{1,32}\/[A-Za-z0-9_.-]{1,200}\.(?:png|jpe?g|gif|webp)$/i;

export function isImagePath(path: string): boolean {
  return IMAGE_PATH.test(path) && isSafeKey(path);
}
