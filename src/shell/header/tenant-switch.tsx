import { DownOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../providers/session';
import { NARROW_QUERY } from '../layouts/main-layout-queries';
import { useMediaQuery } from '../use-media-query';

const subscribe = (listener: () => void) => session.subscribe(listener);
const version = () => session.getVersion();

function reloadPage(): void {
  window.location.reload();
}

export interface TenantSwitchProps {
  /** After the new tenant is stored: a full reload, so menus, caches and sockets restart in it. */
  reload?: () => void;
}

/**
 * 切换租户 in the header, for a user in two or more tenants (the login answer's tenantList): shows the
 * current tenant's name; choosing another stores its id (sent as the tenant header from then on) and
 * reloads the page. Left out on narrow screens, like the current department beside the user menu.
 */
export function TenantSwitch({ reload = reloadPage }: TenantSwitchProps) {
  const { t } = useTranslation('common');
  useSyncExternalStore(subscribe, version, version);
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const tenants = session.getTenantList();
  if (tenants.length < 2 || isNarrow) return null;
  const currentId = session.getTenantId();
  const current = tenants.find((tenant) => tenant.id === currentId);
  const shown = current?.name ?? t('header.chooseTenant');
  const items: MenuProps['items'] = tenants.map((tenant) => ({ key: String(tenant.id), label: tenant.name }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const id = Number(key);
    if (!Number.isInteger(id) || id === currentId) return;
    session.setTenantId(id);
    reload();
  };
  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, selectable: true, selectedKeys: current === undefined ? [] : [String(current.id)], onClick }}>
      <Button
        type="text"
        className="tenant-switch"
        data-testid="tenant-switch"
        icon={<ShopOutlined aria-hidden />}
        aria-label={current === undefined ? t('header.switchTenant') : t('header.currentTenant', { name: current.name })}
        title={t('header.switchTenant')}
      >
        {shown}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
