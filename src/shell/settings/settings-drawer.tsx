import { ColorPicker, Divider, Drawer, Radio, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, ContentWidth, LayoutMode, MenuTheme } from './app-settings';
import { settingsStore, useAppSettings } from './settings-store';
import { PrimaryColorSwatches, useChangePrimaryColor } from './primary-color-swatches';

interface SettingsDrawerProps {
  open: boolean;
  onClose(): void;
}

type SwitchName = 'fixedHeader' | 'autoHideHeader' | 'fixedSidebar' | 'colorWeak' | 'multipage' | 'darkMode';

/**
 * One setting: its label and control, and when the control is off limits, why, in secondary text (readable in both
 * themes, unlike antd's disabled text at a quarter of the text colour).
 */
function Row({ label, control, hint }: { label: string; control: ReactNode; hint?: string | null }) {
  return (
    <div style={{ padding: '8px 0' }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <span>{label}</span>
        {control}
      </div>
      {hint ? (
        <Typography.Text type="secondary" className="setting-hint" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** docs/spec.md §2 Settings drawer: every change applies at once and is kept in local storage (docs/spec.md §3). */
export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation('common');
  const settings = useAppSettings();
  const update = (change: Partial<AppSettings>) => settingsStore.update(change);
  const changeColor = useChangePrimaryColor();
  const topMenu = settings.layout === 'topmenu';

  const toggle = (name: SwitchName, disabled = false) => (
    <Switch
      size="small"
      checked={settings[name]}
      disabled={disabled}
      onChange={(checked) => update({ [name]: checked })}
      aria-label={t(`settings.${name}`)}
      data-setting={name}
    />
  );

  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} width={300} className="settings-drawer">
      <Divider orientation="left" plain>
        {t('settings.menuTheme')}
      </Divider>
      <Radio.Group
        value={settings.menuTheme}
        onChange={(event) => update({ menuTheme: event.target.value as MenuTheme })}
        optionType="button"
        aria-label={t('settings.menuTheme')}
        options={[
          { value: 'dark', label: t('settings.themeDark') },
          { value: 'light', label: t('settings.themeLight') },
        ]}
      />

      <Divider orientation="left" plain>
        {t('settings.primaryColor')}
      </Divider>
      <PrimaryColorSwatches label={t('settings.primaryColor')}>
        <ColorPicker
          size="small"
          value={settings.primaryColor}
          disabledAlpha
          onChangeComplete={(color) => changeColor(color.toHexString())}
        >
          <button type="button" aria-label={t('settings.customColor')} // color: inherit — a button's own text colour is the browser's black, which vanished on the dark theme's drawer.
            style={{ width: 22, height: 22, borderRadius: 3, border: '1px dashed currentColor', background: 'transparent', color: 'inherit', cursor: 'pointer', padding: 0 }}>
            +
          </button>
        </ColorPicker>
      </PrimaryColorSwatches>

      <Divider orientation="left" plain>
        {t('settings.navigation')}
      </Divider>
      <div>
        <Row
          label={t('settings.layout')}
          control={
            <Radio.Group
              size="small"
              value={settings.layout}
              onChange={(event) => update({ layout: event.target.value as LayoutMode })}
              aria-label={t('settings.layout')}
              options={[
                { value: 'sidemenu', label: t('settings.sidemenu') },
                { value: 'topmenu', label: t('settings.topmenu') },
              ]}
            />
          }
        />
        <Row
          label={t('settings.contentWidth')}
          control={
            <Radio.Group
              size="small"
              value={settings.contentWidth}
              onChange={(event) => update({ contentWidth: event.target.value as ContentWidth })}
              aria-label={t('settings.contentWidth')}
              options={[
                { value: 'Fixed', label: t('settings.widthFixed') },
                // docs/spec.md §2: Fluid only for the top menu.
                { value: 'Fluid', label: t('settings.widthFluid'), disabled: !topMenu },
              ]}
            />
          }
          hint={topMenu ? null : t('settings.fluidNeedsTopMenu')}
        />
        <Row label={t('settings.fixedHeader')} control={toggle('fixedHeader')} />
        <Row label={t('settings.autoHideHeader')} control={toggle('autoHideHeader', !settings.fixedHeader)} hint={settings.fixedHeader ? null : t('settings.autoHideNeedsFixedHeader')} />
        <Row label={t('settings.fixedSidebar')} control={toggle('fixedSidebar', topMenu)} hint={topMenu ? t('settings.fixedSidebarNeedsSideMenu') : null} />
      </div>

      <Divider orientation="left" plain>
        {t('settings.other')}
      </Divider>
      <div>
        <Row label={t('settings.colorWeak')} control={toggle('colorWeak')} />
        <Row label={t('settings.multipage')} control={toggle('multipage')} />
        <Row label={t('settings.darkMode')} control={toggle('darkMode')} />
      </div>
    </Drawer>
  );
}
