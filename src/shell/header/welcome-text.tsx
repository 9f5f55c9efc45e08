import { Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useUserInfo } from '../../app/use-session';
import { greetingKey } from '../greeting';
import { NARROW_QUERY } from '../layouts/main-layout-queries';
import { useMediaQuery } from '../use-media-query';
import { shopNow } from '../../toolkit/utils/shop-time';

/** "早上好，管理员" and the welcome banner; narrow screens leave the room to the tools. */
export function WelcomeText() {
  const { t } = useTranslation('common');
  const user = useUserInfo();
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const greeting = t(`greeting.${greetingKey(shopNow().hour())}`);
  return (
    <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
      {!isNarrow && (
        <Typography.Text className="welcome-text">
          {/* The user's name is theirs, not the product's (translate="no"). */}
          <Trans t={t} i18nKey="header.greetingLine" values={{ greeting, name: user?.realname || user?.username || '' }} components={{ name: <span translate="no" /> }} />
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            {t('welcome')}
          </Typography.Text>
        </Typography.Text>
      )}
    </div>
  );
}
