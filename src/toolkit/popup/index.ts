export { PopupField } from './popup-field';
export type { PopupFieldProps } from './popup-field';
export { PopupModal } from './popup-modal';
export { checkPopupParams, destinationValues, POPUP_CACHE_MS, POPUP_MODAL_WIDTH } from './popup-params';
