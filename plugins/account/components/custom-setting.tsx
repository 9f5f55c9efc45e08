import { CheckOutlined } from '@ant-design/icons';
import { App, List, Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../../src/providers/i18n';
import { PRESET_COLORS } from '../../../src/shell/settings/app-settings';
import { settingsStore, useAppSettings } from '../../../src/shell/settings/settings-store';
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

  const changeColor = (primaryColor: string) => {
    if (themeCompiles(primaryColor, settings.darkMode)) settingsStore.update({ primaryColor });
    else void message.error(t('custom.themeFailed'));
  };

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
              else void message.error(t('custom.themeFailed'));
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
          <div role="radiogroup" aria-label={t('custom.primaryColor')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {PRESET_COLORS.map((color) => (
              <Tooltip key={color} title={color}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={settings.primaryColor === color}
                  aria-label={color}
                  data-color={color}
                  onClick={() => changeColor(color)}
                  style={{ width: 24, height: 24, borderRadius: 4, border: 'none', background: color, color: '#fff', cursor: 'pointer', padding: 0 }}
                >
                  {settings.primaryColor === color ? <CheckOutlined aria-hidden /> : null}
                </button>
              </Tooltip>
            ))}
          </div>
        }
      >
        <List.Item.Meta title={t('custom.primaryColor')} description={t('custom.primaryColorHint')} />
      </List.Item>
    </List>
  );
}
