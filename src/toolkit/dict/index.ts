export { DictSelect, useDictItems, useLocalizedDictItems, type DictSelectProps } from './dict-select';
export { DICT_NAMESPACE, isProductDict, localizedDictText } from './dict-label';
export { ColorTag, DictValue, useDictText, type DictValueProps } from './dict-value';
