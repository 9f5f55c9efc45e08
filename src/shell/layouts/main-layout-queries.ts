/**
 * docs/spec.md §9: the side menu folds up to 1087.99 px (the phone breakpoint is MOBILE_QUERY). Written as
 * "not at least 1088 px": Chromium rounds `max-width: 1087.99px` to 1088 px, which folded it at 1088 too.
 */
export const NARROW_QUERY = 'not all and (min-width: 1088px)';
