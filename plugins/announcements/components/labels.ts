/** Option lists of the announcement forms and filters; the texts come from the `announcements` namespace. */
export const PRIORITY_OPTIONS = ['L', 'M', 'H'] as const;
export const CATEGORY_OPTIONS = ['1', '2'] as const;
export const RECIPIENT_OPTIONS = ['ALL', 'USER'] as const;
export const OPEN_TYPE_OPTIONS = ['none', 'url', 'component'] as const;
export const PRIORITY_COLORS = { L: 'blue', M: 'orange', H: 'red' } as const;
export const STATUS_COLORS = { '0': 'default', '1': 'green', '2': 'red' } as const;
