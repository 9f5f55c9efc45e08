/** Shown verbatim: a code people quote in support requests, not a translated text. */
export const MODULE_NOT_FOUND = 'MODULE_NOT_FOUND';
