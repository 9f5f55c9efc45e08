import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../providers/i18n';
import { MOBILE_QUERY, useMediaQuery } from '../use-media-query';

/** zh-CN / en-US; antd's locale and dayjs follow i18next's language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage ?? i18n.language;
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const items: MenuProps['items'] = SUPPORTED_LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [current], onClick: ({ key }) => void i18n.changeLanguage(key) }}
      placement="bottomRight"
    >
      <Button type="text" icon={<GlobalOutlined aria-hidden />} aria-label={isMobile ? t('language.switch') : t('language.switchTo', { language: t(`language.${current}`) })} className="language-switch">
        {isMobile ? null : t(`language.${current}`)}
      </Button>
    </Dropdown>
  );
}
