import { App } from 'antd';
import message from 'antd/es/message';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../contracts/constants';
import { logout } from '../../providers/auth-provider';
import { performLogout } from './logout-flow';

/** Opens the 提示 / 真的要注销登录吗 ? confirmation; OK logs out and goes to the login page. */
export function useLogoutConfirm(): () => void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  return useCallback(() => {
    modal.confirm({
      title: t('header.logoutConfirmTitle'),
      content: t('header.logoutConfirmContent'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: () =>
        performLogout({
          logout,
          // Static: the session change may already have unmounted this tree when the error arrives.
          showError: (text) => void message.error(text),
          goToLogin: () => navigate(LOGIN_PATH, { replace: true }),
        }),
    });
  }, [t, modal, navigate]);
}
