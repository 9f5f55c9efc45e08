// References shown by name and picked by name (src/contracts/references.ts): see ref-kinds.ts.
export { RefKindsContext, useRefKind, type RefKindView, type RefPicker } from './ref-kinds';
export { RefField, RefValue, refKindOf, refTextOf } from './ref-value';
export { RefInput, type RefInputProps } from './ref-select';
