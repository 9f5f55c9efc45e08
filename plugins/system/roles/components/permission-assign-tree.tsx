import { Button, Empty, Input, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useKeyedLoad, useSaveAction, type LoadOutcome } from '../../../../src/toolkit/crud';
import type { PermissionTreeNode } from '../contracts';
import { loadGrantedPermissions, loadPermissionTree, savePermissions, type PermissionOwner } from './permission-assign-api';
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

/** Loads the tree and the owner's grants together. */
async function fetchAssignment(owner: PermissionOwner): Promise<LoadOutcome<Assignment>> {
  const [tree, held] = await Promise.all([loadPermissionTree(owner), loadGrantedPermissions(owner)]);
  const failure = !tree.success ? tree : !held.success ? held : null;
  if (failure !== null) return { ok: false, error: failure.message };
  const ids = tree.result.ids.length > 0 ? tree.result.ids : allKeys(tree.result.treeList);
  return { ok: true, value: { tree: tree.result.treeList, ids, granted: held.result } };
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
  const [granted, setGranted] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [ruleTarget, setRuleTarget] = useState<RoleDataRuleTarget | null>(null);

  const assignment = useKeyedLoad(`${kind}:${roleId}:${departId}`, () => fetchAssignment(stableOwner), {
    failure: t('assign.loadError'),
    onLoaded: (loaded) => {
      setGranted(loaded.granted);
      setChecked(loaded.granted);
      setExpanded(parentKeys(loaded.tree));
    },
  });
  const tree = assignment.value?.tree ?? NO_NODES;
  const nodes = useMemo(() => indexNodes(tree), [tree]);
  const filtered = useMemo(() => filterTree(tree, search), [tree, search]);
  const treeData = useMemo(() => toTreeData(filtered.nodes), [filtered]);
  const shownExpanded = search.trim() === '' ? expanded : [...new Set([...expanded, ...filtered.expandedKeys])];

  const toggle = (nodeKey: string, on: boolean) => setChecked((current) => toggleChecked(current, nodeKey, on));

  const { run: save, saving } = useSaveAction({
    save: () => savePermissions(stableOwner, assignmentOf(checked, granted)),
    onSaved: () => {
      setGranted(checked);
      onSaved?.();
    },
  });

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
