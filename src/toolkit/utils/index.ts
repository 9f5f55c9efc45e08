export { debounce, DEFAULT_DEBOUNCE_MS } from './debounce';
export type { Debounced } from './debounce';
export { ellipsis, DEFAULT_ELLIPSIS_LENGTH } from './ellipsis';
export { randomId } from './random-id';
