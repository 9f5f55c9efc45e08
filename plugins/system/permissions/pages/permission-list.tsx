import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, type TableColumnType } from 'antd';
import { useList } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { permissionCode } from '../../../../src/contracts/entity';
import { dictColumn, ListTable, LoadErrorAlert, SelectionAlert, selectionCheckboxProps, useEntityDelete, useRowActionsColumn, useUrlParam } from '../../../../src/toolkit/crud';
import { useAccessMap } from '../../../../src/toolkit/permission';
import { MenuIcon } from '../../../../src/shell/menu/menu-icons';
import { DataRuleDrawer, takesDataRules } from '../components/data-rule-drawer';
import { findNode, parentIds } from '../components/menu-tree-data';
import { PermissionFormDrawer, type DrawerState } from '../components/permission-form-drawer';
import { MENU_TYPE, permissionEntity, type PermissionTreeRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

const KEYS = { create: 'create', parent: 'parent', edit: 'edit' } as const;
/** `?dataRule=<id>`: the 数据规则 drawer of that page. */
const DATA_RULE_KEY = 'dataRule';

/** The drawer lives in the URL (`?create=1[&parent=<id>]`, `?edit=<id>`), so a reload reopens it. */
function readDrawer(params: URLSearchParams): DrawerState {
  const edit = params.get(KEYS.edit);
  if (edit !== null && RECORD_ID_PATTERN.test(edit)) return { mode: 'edit', id: edit };
  if (params.get(KEYS.create) !== '1') return null;
  const parent = params.get(KEYS.parent);
  return parent !== null && RECORD_ID_PATTERN.test(parent) ? { mode: 'create', parentId: parent } : { mode: 'create' };
}

function writeDrawer(params: URLSearchParams, state: DrawerState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.values(KEYS)) next.delete(key);
  if (state?.mode === 'edit') next.set(KEYS.edit, state.id);
  if (state?.mode === 'create') {
    next.set(KEYS.create, '1');
    if (state.parentId !== undefined) next.set(KEYS.parent, state.parentId);
  }
  return next;
}

const EMPTY: PermissionTreeRecord[] = [];

/**
 * The 菜单管理 tree through Refine (GET /sys/permission/list: the whole tree, or the matches of a
 * name with their ancestors): cached, refetched after every write to the entity, live.
 */
function usePermissionTree(name: string) {
  const { result, query } = useList<PermissionTreeRecord>({
    resource: permissionEntity.table,
    meta: { api: permissionEntity.api },
    pagination: { mode: 'off' },
    filters: name === '' ? [] : [{ field: 'name', operator: 'contains', value: name }],
    liveMode: 'auto',
    // The last good tree stays on screen while the next one loads.
    queryOptions: { placeholderData: keepPreviousData },
  });
  return { tree: result.data ?? EMPTY, loading: query.isFetching, isError: query.isError, reload: () => void query.refetch() };
}

/** 菜单管理: the menus and their buttons as a tree table, with the create/edit drawer kept in the URL. */
export default function PermissionListPage() {
  const { t } = useTranslation(['sysPermission', 'crud']);
  const { modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const { tree, loading, isError, reload } = usePermissionTree(name);
  const deletes = useEntityDelete(permissionEntity);
  const [dataRuleId, setDataRule] = useUrlParam(DATA_RULE_KEY);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [expandedFor, setExpandedFor] = useState<PermissionTreeRecord[] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const gates = useAccessMap({
    add: permissionCode(permissionEntity, 'add'),
    edit: permissionCode(permissionEntity, 'edit'),
    delete: permissionCode(permissionEntity, 'delete'),
    deleteBatch: permissionCode(permissionEntity, 'deleteBatch'),
  });
  const drawer = readDrawer(searchParams);
  const dataRuleMenu = dataRuleId !== null && RECORD_ID_PATTERN.test(dataRuleId) ? { id: dataRuleId, name: findNode(tree, dataRuleId)?.name ?? '' } : null;

  if (expandedFor !== tree) {
    // A name search shows every match opened up; the full tree starts folded.
    setExpandedFor(tree);
    setExpanded(name !== '' ? parentIds(tree) : expanded.filter((key) => findNode(tree, String(key)) !== undefined));
    setSelected((keys) => keys.filter((key) => findNode(tree, key) !== undefined));
  }

  // replace, not push: the drawer belongs to this page's tab (Session 2 notes).
  const setDrawer = (state: DrawerState) => setSearchParams(writeDrawer(searchParams, state), { replace: true });
  // The tree refreshes itself: the deletes invalidated the entity's lists.
  const removeOne = (id: string) => deletes.remove(id);
  const removeSelected = async () => {
    if (await deletes.removeMany(selected)) setSelected([]);
  };

  const confirmBatch = () => {
    void modal.confirm({
      title: t('confirmBatchDelete', { count: selected.length }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: () => removeSelected(),
    });
  };

  const columns: TableColumnType<PermissionTreeRecord>[] = [
    { key: 'name', dataIndex: 'name', title: t('fields.name') },
    dictColumn<PermissionTreeRecord>('menuType', 'menu_type', t('fields.menuType')),
    { key: 'icon', dataIndex: 'icon', title: t('columns.icon'), width: 70, align: 'center', render: (icon: string | null) => (icon ? <span title={icon}><MenuIcon name={icon} /></span> : null) },
    { key: 'component', dataIndex: 'component', title: t('columns.component'), ellipsis: true },
    { key: 'url', dataIndex: 'url', title: t('columns.url'), ellipsis: true },
    { key: 'sortNo', dataIndex: 'sortNo', title: t('columns.sortNo'), width: 70, align: 'center' },
    { key: 'perms', dataIndex: 'perms', title: t('columns.perms'), ellipsis: true },
  ];

  const actions = useRowActionsColumn<PermissionTreeRecord>({
    actions: [
      { key: 'edit', label: t('edit'), code: permissionCode(permissionEntity, 'edit'), onClick: (record) => setDrawer({ mode: 'edit', id: record.id }) },
      { key: 'addChild', label: t('addChild'), code: permissionCode(permissionEntity, 'add'), showFor: (record) => record.menuType !== MENU_TYPE.button, onClick: (record) => setDrawer({ mode: 'create', parentId: record.id }) },
      { key: 'dataRule', label: t('dataRule.action'), code: permissionCode(permissionEntity, 'edit'), showFor: takesDataRules, onClick: (record) => setDataRule(record.id) },
      {
        key: 'delete',
        label: t('delete'),
        code: permissionCode(permissionEntity, 'delete'),
        danger: true,
        confirm: (record) => t(record.children !== undefined && record.children.length > 0 ? 'confirmDeleteBranch' : 'confirmDelete'),
        onClick: (record) => removeOne(record.id),
      },
    ],
  });
  if (actions !== null) columns.push(actions);

  const batchDelete = gates.deleteBatch.visible;
  return (
    <Card title={t('title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => setName(value.trim())}
          placeholder={t('namePlaceholder')}
          aria-label={t('fields.name')}
          enterButton={t('search')}
          style={{ width: 320 }}
        />
        <Button
          onClick={() => {
            setTyped('');
            setName('');
          }}
        >
          {t('reset')}
        </Button>
      </Space>
      <Space wrap className="crud-toolbar" style={{ display: 'flex', marginBottom: 16 }}>
        {gates.add.visible ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={gates.add.disabled} onClick={() => setDrawer({ mode: 'create' })}>
            {t('add')}
          </Button>
        ) : null}
        {batchDelete ? (
          <Button danger icon={<DeleteOutlined />} disabled={gates.deleteBatch.disabled || selected.length === 0} onClick={confirmBatch}>
            {t('batchDelete')}
          </Button>
        ) : null}
        <Button onClick={() => setExpanded(parentIds(tree))}>{t('expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('collapseAll')}</Button>
      </Space>
      {batchDelete ? <SelectionAlert count={selected.length} onClear={() => setSelected([])} /> : null}
      <LoadErrorAlert error={isError ? t('loadError') : null} onRetry={reload} style={{ marginBottom: 16 }} />
      <ListTable<PermissionTreeRecord>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        rowSelection={batchDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: selectionCheckboxProps(t('crud:selectRow')) } : undefined}
      />
      <PermissionFormDrawer
        state={drawer}
        tree={tree}
        onClose={() => setDrawer(null)}
        onSaved={() => setDrawer(null)}
      />
      <DataRuleDrawer menu={dataRuleMenu} onClose={() => setDataRule(null)} />
    </Card>
  );
}

