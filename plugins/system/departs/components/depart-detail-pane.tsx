import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { accessOf } from '../../../../src/providers/access-control';
import { PermissionAssignTree } from '../../roles/components/permission-assign-tree';
import { DEPART_PERMISSIONS } from '../entities';
import { DepartBasicForm } from './depart-basic-form';
import { DepartRolesTab } from './depart-roles-tab';
import { DepartUsersTab } from './depart-users-tab';
import type { DepartTreeState } from './use-depart-tree';

export const DETAIL_TABS = ['basic', 'permission', 'roles', 'users'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export interface DepartDetailPaneProps {
  tree: DepartTreeState;
  departId: string | null;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
}

/** The right pane: the selected department's 基本信息, 部门权限, 部门角色 and 用户. */
export function DepartDetailPane({ tree, departId, tab, onTabChange }: DepartDetailPaneProps) {
  const { t } = useTranslation('sysDepart');
  const node = departId !== null ? tree.index.byId.get(departId) : undefined;
  if (departId === null) {
    return (
      <Card size="small" className="depart-detail-pane">
        <Empty description={t('detail.noSelection')} />
      </Card>
    );
  }
  const items = [
    { key: 'basic', label: t('detail.tabs.basic'), children: <DepartBasicForm departId={departId} nodes={tree.nodes} node={node} /> },
    ...(accessOf(DEPART_PERMISSIONS.edit).visible
      ? [{ key: 'permission', label: t('detail.tabs.permission'), children: <PermissionAssignTree owner={{ kind: 'depart', departId }} /> }]
      : []),
    ...(accessOf(DEPART_PERMISSIONS.roleList).visible ? [{ key: 'roles', label: t('detail.tabs.roles'), children: <DepartRolesTab departId={departId} /> }] : []),
    { key: 'users', label: t('detail.tabs.users'), children: <DepartUsersTab departId={departId} /> },
  ];
  const active = items.some((item) => item.key === tab) ? tab : 'basic';
  return (
    <Card size="small" className="depart-detail-pane" title={node !== undefined ? t('detail.selected', { name: node.departName }) : undefined}>
      <Tabs
        key={departId}
        activeKey={active}
        destroyOnHidden
        items={items}
        onChange={(key) => {
          const next = DETAIL_TABS.find((candidate) => candidate === key);
          if (next !== undefined) onTabChange(next);
        }}
      />
    </Card>
  );
}
