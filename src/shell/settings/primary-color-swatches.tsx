import { CheckOutlined } from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contrastRatio } from '../../app/contrast';
import { PRESET_COLORS } from './app-settings';
import { settingsStore, useAppSettings } from './settings-store';
import { themeCompiles } from './theme-update';

/** Applies a primary colour at once, or says `Failed to update theme` (docs/spec.md §8) when the theme cannot compile with it. */
export function useChangePrimaryColor(): (primaryColor: string) => void {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const settings = useAppSettings();
  return (primaryColor) => {
    if (themeCompiles(primaryColor, settings.darkMode)) settingsStore.update({ primaryColor });
    else void message.error(t('settings.themeFailed'));
  };
}

/** The tick on a swatch: white or black, whichever stands out more (white on #faad14 was 1.9:1, hard to see). */
export function tickColorOn(swatch: string): string {
  return contrastRatio(swatch, '#ffffff') >= contrastRatio(swatch, '#000000') ? '#ffffff' : '#000000';
}

/** The preset primary colours as a radio group of swatches (the settings drawer's and 个人设置's), then `children`. */
export function PrimaryColorSwatches({ label, size = 22, children }: { label: string; size?: number; children?: ReactNode }) {
  const settings = useAppSettings();
  const changeColor = useChangePrimaryColor();
  return (
    <div role="radiogroup" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {PRESET_COLORS.map((color) => (
        <Tooltip key={color} title={color}>
          <button
            type="button"
            role="radio"
            aria-checked={settings.primaryColor === color}
            aria-label={color}
            data-color={color}
            onClick={() => changeColor(color)}
            style={{ width: size, height: size, borderRadius: 3, border: 'none', background: color, color: tickColorOn(color), cursor: 'pointer', padding: 0 }}
          >
            {settings.primaryColor === color ? <CheckOutlined aria-hidden /> : null}
          </button>
        </Tooltip>
      ))}
      {children}
    </div>
  );
}
