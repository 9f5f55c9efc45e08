/** Spec §9: the side menu folds at this width (the phone breakpoint is MOBILE_QUERY). */
export const NARROW_QUERY = '(max-width: 1087.99px)';
