/**
 * Admin-stored regular expressions run against user input (rule check, docs/reference/jeecg-conventions.md §6.2). JS has no
 * linear-time regex engine built in and we do not add a native one (re2), so patterns are limited
 * instead: a length cap on pattern and value, no backreferences or lookarounds, and no quantified
 * group that itself contains a quantifier or an alternation — the shapes ((a+)+, (a|a)*) behind
 * catastrophic backtracking. With inputs of at most MAX_CHECK_VALUE_LENGTH characters, what remains
 * runs in bounded time.
 */

export const MAX_PATTERN_LENGTH = 200;
export const MAX_CHECK_VALUE_LENGTH = 256;

interface GroupState {
  risky: boolean;
}

function isQuantifierAt(pattern: string, index: number): boolean {
  const char = pattern[index];
  if (char === '*' || char === '+' || char === '?') return true;
  return char === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(index));
}

export function isSafePattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH) return false;
  if (/\\[1-9]|\\k<|\(\?<?[=!]/.test(pattern)) return false;
  const stack: GroupState[] = [{ risky: false }];
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index];
    const current = stack[stack.length - 1];
    if (current === undefined) return false;
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char === '[') {
      // Skip a character class; `]` right after `[` or `[^` is literal.
      let end = index + 1;
      if (pattern[end] === '^') end += 1;
      if (pattern[end] === ']') end += 1;
      while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
      if (end >= pattern.length) return false;
      index = end;
      continue;
    }
    if (char === '(') {
      stack.push({ risky: false });
      if (pattern[index + 1] === '?') index += 2; // (?: — a group modifier, not a quantifier
      continue;
    }
    if (char === ')') {
      const group = stack.pop();
      const parent = stack[stack.length - 1];
      if (group === undefined || parent === undefined) return false;
      if (isQuantifierAt(pattern, index + 1)) {
        if (group.risky) return false;
        parent.risky = true;
      } else if (group.risky) {
        parent.risky = true;
      }
      continue;
    }
    if (char === '|') {
      current.risky = true;
      continue;
    }
    if (isQuantifierAt(pattern, index)) current.risky = true;
  }
  if (stack.length !== 1) return false;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Whole-value match, as Java's Pattern.matches did. Call only with a pattern isSafePattern accepted. */
export function matchesWhole(pattern: string, value: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(value);
}
