import { App, List, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../../src/providers/i18n';
import { settingsStore, useAppSettings } from '../../../src/shell/settings/settings-store';
import { PrimaryColorSwatches } from '../../../src/shell/settings/primary-color-swatches';
import { themeCompiles } from '../../../src/shell/settings/theme-update';

/**
 * 个性化: language, light or dark theme and the primary colour, applied at once through the app's
 * one settings store (the same the 系统设置 drawer and the header's language switch use).
 */
export function CustomSetting() {
  const { t, i18n } = useTranslation('account');
  const { message } = App.useApp();
  const settings = useAppSettings();
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <List itemLayout="horizontal">
      <List.Item
        extra={
          <Radio.Group
            value={language}
            optionType="button"
            aria-label={t('custom.language')}
            onChange={(event) => void i18n.changeLanguage(String(event.target.value))}
            options={SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`custom.languages.${value}`) }))}
          />
        }
      >
        <List.Item.Meta title={t('custom.language')} description={t('custom.languageHint')} />
      </List.Item>
      <List.Item
        extra={
          <Radio.Group
            value={settings.darkMode ? 'dark' : 'light'}
            optionType="button"
            aria-label={t('custom.theme')}
            onChange={(event) => {
              const darkMode = event.target.value === 'dark';
              if (themeCompiles(settings.primaryColor, darkMode)) settingsStore.update({ darkMode });
              else void message.error(t('common:settings.themeFailed'));
            }}
            options={[
              { value: 'light', label: t('custom.light') },
              { value: 'dark', label: t('custom.dark') },
            ]}
          />
        }
      >
        <List.Item.Meta title={t('custom.theme')} description={t('custom.themeHint')} />
      </List.Item>
      <List.Item
        extra={
          <PrimaryColorSwatches label={t('custom.primaryColor')} size={24} />
        }
      >
        <List.Item.Meta title={t('custom.primaryColor')} description={t('custom.primaryColorHint')} />
      </List.Item>
    </List>
  );
}
