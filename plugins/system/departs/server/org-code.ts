/**
 * Department codes (conventions: "YouBian" codes). A top-level department gets `A01`, `A02` … `A99`,
 * `B01` … `Z99`; a child gets its parent's code plus the next such 3-character segment (`A01A01`).
 *
 * Codes never change (users store their current department by code), so a moved department keeps its
 * old code. Uniqueness still holds: the next code under a parent is computed from EVERY code ever
 * issued with that parent prefix and length (moved and deleted departments included), and a new code
 * is always greater than all of them, so it cannot be taken.
 */

const SEGMENT = /^([A-Z])(\d{2})$/;
export const SEGMENT_LENGTH = 3;
const MAX_ORDINAL = 26 * 99;

/** A segment's position in the sequence A01=1 … A99=99, B01=100 … Z99=2574; 0 for anything else. */
export function segmentOrdinal(segment: string): number {
  const match = SEGMENT.exec(segment);
  const letter = match?.[1];
  const digits = Number(match?.[2]);
  if (letter === undefined || !(digits > 0)) return 0;
  return (letter.charCodeAt(0) - 65) * 99 + digits;
}

export function segmentOf(ordinal: number): string {
  const letter = String.fromCharCode(65 + Math.floor((ordinal - 1) / 99));
  const digits = ((ordinal - 1) % 99) + 1;
  return `${letter}${String(digits).padStart(2, '0')}`;
}

/**
 * The next code under `parentCode` ('' for top level), given the codes already issued (any set: those
 * that do not extend the parent by exactly one segment are ignored). Null when the level is full.
 */
export function nextOrgCode(parentCode: string, issued: Iterable<string>): string | null {
  let highest = 0;
  for (const code of issued) {
    if (code.length !== parentCode.length + SEGMENT_LENGTH || !code.startsWith(parentCode)) continue;
    highest = Math.max(highest, segmentOrdinal(code.slice(parentCode.length)));
  }
  if (highest >= MAX_ORDINAL) return null;
  return `${parentCode}${segmentOf(highest + 1)}`;
}
