import { i18n } from '../providers/i18n';
import type { HttpPresenter } from '../providers/http';

let loginExpiredShown = false;

/**
 * antd static notification and modal for the http client (docs/spec.md §8). Both load on first use, so the
 * login page does not carry the modal code.
 */
export const antdHttpPresenter: HttpPresenter = {
  notifyError(title, description) {
    void import('antd/es/notification').then(({ default: notification }) => {
      notification.error({ message: title, description });
    });
  },
  showLoginExpired(onRelogin) {
    // Several requests fail at once when a token expires: one dialog is enough.
    if (loginExpiredShown) return;
    loginExpiredShown = true;
    void import('antd/es/modal').then(({ default: Modal }) => {
      Modal.error({
        title: i18n.t('http:loginExpiredTitle'),
        content: i18n.t('http:loginExpiredContent'),
        okText: i18n.t('http:relogin'),
        mask: true,
        maskClosable: false,
        keyboard: false,
        onOk: () => {
          loginExpiredShown = false;
          onRelogin();
        },
      });
    });
  },
};
