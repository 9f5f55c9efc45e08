import { Button, Empty, Input, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useEntityAction, type EntityActionCall } from '../../../../src/toolkit/crud';
import { ROLE_API, type PermissionAssignment, type PermissionTreeNode, type PermissionTreeResult } from '../contracts';
import type { PermissionOwner } from './permission-assign-api';
import { allKeys, assignmentOf, filterTree, parentKeys, toggleChecked } from './permission-tree-model';
import { RoleDataRuleDrawer, type RoleDataRuleTarget } from './role-data-rule-drawer';

export type { PermissionOwner } from './permission-assign-api';

export interface PermissionAssignTreeProps {
  owner: PermissionOwner;
  onSaved?: () => void;
  onCancel?: () => void;
}

interface Assignment {
  tree: PermissionTreeNode[];
  ids: string[];
  granted: string[];
}

const NO_NODES: PermissionTreeNode[] = [];
const NO_IDS: string[] = [];

/** The tree the owner may be given: every permission, or for a department role only its department's. */
function treeCallOf(owner: PermissionOwner) {
  return owner.kind === 'deptRole' ? { url: ROLE_API.deptRolePermissionTree, query: { departId: owner.departId } } : { url: ROLE_API.permissionTree };
}

/** The permission ids the owner holds now. */
function grantedCallOf(owner: PermissionOwner) {
  switch (owner.kind) {
    case 'role':
      return { url: ROLE_API.queryRolePermission, query: { roleId: owner.roleId } };
    case 'depart':
      return { url: ROLE_API.queryDepartPermission, query: { departId: owner.departId } };
    case 'deptRole':
      return { url: ROLE_API.queryDeptRolePermission, query: { roleId: owner.roleId } };
  }
}

/** Saves the difference between what was granted and what is checked; the server answers 保存成功！. */
function saveCallOf(owner: PermissionOwner, assignment: PermissionAssignment): EntityActionCall {
  switch (owner.kind) {
    case 'role':
      return { url: ROLE_API.saveRolePermission, method: 'post', values: { roleId: owner.roleId, ...assignment } };
    case 'depart':
      return { url: ROLE_API.saveDepartPermission, method: 'post', values: { departId: owner.departId, ...assignment } };
    case 'deptRole':
      return { url: ROLE_API.saveDeptRolePermission, method: 'post', values: { roleId: owner.roleId, departId: owner.departId, ...assignment } };
  }
}

/** The tree and the owner's grants, read together through the data provider; the first failure shows. */
function useAssignment(owner: PermissionOwner, failure: string) {
  const treeRead = useCustomRead<PermissionTreeResult>(treeCallOf(owner), { failure });
  const heldRead = useCustomRead<string[]>(grantedCallOf(owner), { failure });
  const value = useMemo((): Assignment | undefined => {
    if (treeRead.value === undefined || heldRead.value === undefined) return undefined;
    const ids = treeRead.value.ids.length > 0 ? treeRead.value.ids : allKeys(treeRead.value.treeList);
    return { tree: treeRead.value.treeList, ids, granted: heldRead.value };
  }, [treeRead.value, heldRead.value]);
  const loading = treeRead.loading || heldRead.loading;
  return {
    loading,
    value: loading ? undefined : value,
    error: loading ? null : (treeRead.error ?? heldRead.error),
    retry: () => {
      if (treeRead.error !== null) treeRead.retry();
      if (heldRead.error !== null) heldRead.retry();
    },
  };
}

/** What the user changed since this answer loaded (granted moves on after a save). */
interface Edits {
  source: Assignment | undefined;
  granted: string[];
  checked: string[];
  expanded: string[];
}

function ownerOf(kind: PermissionOwner['kind'], roleId: string, departId: string): PermissionOwner {
  if (kind === 'role') return { kind, roleId };
  if (kind === 'depart') return { kind, departId };
  return { kind, departId, roleId };
}

function toTreeData(nodes: readonly PermissionTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: node.title,
    isLeaf: node.children === undefined || node.children.length === 0,
    children: node.children !== undefined && node.children.length > 0 ? toTreeData(node.children) : undefined,
  }));
}

function indexNodes(nodes: readonly PermissionTreeNode[], into = new Map<string, PermissionTreeNode>()): Map<string, PermissionTreeNode> {
  for (const node of nodes) {
    into.set(node.key, node);
    if (node.children !== undefined) indexNodes(node.children, into);
  }
  return into;
}

/**
 * Grants permissions to a role, a department or a department role: a strictly-checked tree (a button
 * can be granted without its whole menu) with search, expand/collapse all, check/uncheck all, and for
 * roles a link to the data rules of permissions that have some. Saving sends what is checked and what
 * was granted when loaded; the server applies the difference.
 */
export function PermissionAssignTree({ owner, onSaved, onCancel }: PermissionAssignTreeProps): JSX.Element {
  const { t } = useTranslation('sysRole');
  // The owner object may be rebuilt on every parent render; reload only when it names someone else.
  const { kind } = owner;
  const roleId = owner.kind === 'depart' ? '' : owner.roleId;
  const departId = owner.kind === 'role' ? '' : owner.departId;
  const stableOwner = useMemo(() => ownerOf(kind, roleId, departId), [kind, roleId, departId]);
  const [search, setSearch] = useState('');
  const [ruleTarget, setRuleTarget] = useState<RoleDataRuleTarget | null>(null);

  const assignment = useAssignment(stableOwner, t('assign.loadError'));
  const tree = assignment.value?.tree ?? NO_NODES;
  const source = assignment.value;
  const loadedGranted = source?.granted ?? NO_IDS;
  const initialExpanded = useMemo(() => parentKeys(tree), [tree]);
  // Until the user changes something in what was loaded (for this owner, this time), the grants are
  // checked and every parent open; a new answer (another owner, a retry) starts again from it.
  const [edits, setEdits] = useState<Edits | null>(null);
  const current: Edits = edits !== null && edits.source === source ? edits : { source, granted: loadedGranted, checked: loadedGranted, expanded: initialExpanded };
  const { granted, checked, expanded } = current;
  const edit = (change: (base: Edits) => Partial<Edits>) =>
    setEdits((previous) => {
      const base = previous !== null && previous.source === source ? previous : current;
      return { ...base, ...change(base) };
    });
  const setChecked = (next: string[] | ((previous: string[]) => string[])) => edit((base) => ({ checked: typeof next === 'function' ? next(base.checked) : next }));
  const setExpanded = (next: string[]) => edit(() => ({ expanded: next }));
  const nodes = useMemo(() => indexNodes(tree), [tree]);
  const filtered = useMemo(() => filterTree(tree, search), [tree, search]);
  const treeData = useMemo(() => toTreeData(filtered.nodes), [filtered]);
  const shownExpanded = search.trim() === '' ? expanded : [...new Set([...expanded, ...filtered.expandedKeys])];

  const toggle = (nodeKey: string, on: boolean) => setChecked((current) => toggleChecked(current, nodeKey, on));

  const { run, running: saving } = useEntityAction({ invalidates: [] });
  const save = async () => {
    if ((await run(saveCallOf(stableOwner, assignmentOf(checked, granted)))) === undefined) return;
    edit(() => ({ granted: checked }));
    onSaved?.();
  };

  const renderTitle = (data: TreeDataNode) => {
    const node = nodes.get(String(data.key));
    const title = node?.title ?? '';
    if (stableOwner.kind !== 'role' || node?.ruleFlag !== 1) return title;
    return (
      <span>
        {title}
        <Button
          type="link"
          size="small"
          className="permission-assign-rule-link"
          onClick={(event) => {
            event.stopPropagation();
            setRuleTarget({ permissionId: node.key, title });
          }}
        >
          {t('assign.dataRule')}
        </Button>
      </span>
    );
  };

  const content = () => {
    if (assignment.loading) {
      return (
        <div className="permission-assign-loading" style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      );
    }
    if (assignment.value === undefined) return <LoadErrorAlert error={assignment.error} onRetry={assignment.retry} />;
    if (assignment.value.tree.length === 0) return <Empty description={stableOwner.kind === 'deptRole' ? t('assign.emptyForDeptRole') : t('assign.empty')} />;
    if (treeData.length === 0) return <Empty description={t('assign.noMatch')} />;
    return (
      <Tree
        checkable
        checkStrictly
        blockNode
        aria-label={t('assign.treeLabel')}
        treeData={treeData}
        checkedKeys={{ checked, halfChecked: [] }}
        selectedKeys={[]}
        expandedKeys={shownExpanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        onCheck={(_keys, info) => toggle(String(info.node.key), info.checked)}
        // Clicking a title checks it too; the tree has no selection of its own.
        onSelect={(_keys, info) => toggle(String(info.node.key), !checked.includes(String(info.node.key)))}
        titleRender={renderTitle}
      />
    );
  };

  const ready = assignment.value !== undefined;
  const ids = assignment.value?.ids ?? [];
  return (
    <div className="permission-assign-tree">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Input.Search allowClear placeholder={t('assign.search')} aria-label={t('assign.search')} value={search} onChange={(event) => setSearch(event.target.value)} disabled={!ready} />
        <Space wrap size="small">
          <Button size="small" disabled={!ready} onClick={() => setExpanded(parentKeys(tree))}>
            {t('assign.expandAll')}
          </Button>
          <Button size="small" disabled={!ready} onClick={() => setExpanded([])}>
            {t('assign.collapseAll')}
          </Button>
          <Button size="small" disabled={!ready} onClick={() => setChecked([...ids])}>
            {t('assign.checkAll')}
          </Button>
          <Button size="small" disabled={!ready} onClick={() => setChecked([])}>
            {t('assign.uncheckAll')}
          </Button>
        </Space>
        {/* The tree scrolls on its own so the tools above and 保存 below stay in view. */}
        <div className="permission-assign-tree-body" style={{ maxHeight: 'calc(100vh - 280px)', minHeight: 120, overflow: 'auto' }}>
          {content()}
        </div>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {onCancel !== undefined ? <Button onClick={onCancel}>{t('assign.cancel')}</Button> : null}
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => void save()}>
            {t('assign.save')}
          </Button>
        </Space>
      </Space>
      {stableOwner.kind === 'role' ? <RoleDataRuleDrawer roleId={stableOwner.roleId} target={ruleTarget} onClose={() => setRuleTarget(null)} /> : null}
    </div>
  );
}
