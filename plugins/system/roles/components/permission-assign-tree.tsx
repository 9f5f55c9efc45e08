import { Alert, Button, Empty, Input, Space, Spin, Tree, App, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
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

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; tree: PermissionTreeNode[]; ids: string[] };

const LOADING: LoadState = { status: 'loading' };
const NO_NODES: PermissionTreeNode[] = [];

/** Loads the tree and the owner's grants together; never rejects (failures become an error state). */
async function fetchAssignment(owner: PermissionOwner, fallbackError: string): Promise<{ state: LoadState; granted: string[] }> {
  try {
    const [tree, held] = await Promise.all([loadPermissionTree(owner), loadGrantedPermissions(owner)]);
    const failure = !tree.success ? tree : !held.success ? held : null;
    if (failure !== null) return { state: { status: 'error', message: failure.message }, granted: [] };
    const ids = tree.result.ids.length > 0 ? tree.result.ids : allKeys(tree.result.treeList);
    return { state: { status: 'ready', tree: tree.result.treeList, ids }, granted: held.result };
  } catch {
    return { state: { status: 'error', message: fallbackError }, granted: [] };
  }
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
  const { message } = App.useApp();
  // The owner object may be rebuilt on every parent render; reload only when it names someone else.
  const { kind } = owner;
  const roleId = owner.kind === 'depart' ? '' : owner.roleId;
  const departId = owner.kind === 'role' ? '' : owner.departId;
  const stableOwner = useMemo(() => ownerOf(kind, roleId, departId), [kind, roleId, departId]);
  // Which owner and attempt the shown state belongs to: anything else is still loading.
  const [attempt, setAttempt] = useState(0);
  const loadKey = `${kind}:${roleId}:${departId}#${attempt}`;
  const [loaded, setLoaded] = useState<{ key: string; state: LoadState } | null>(null);
  const [granted, setGranted] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [ruleTarget, setRuleTarget] = useState<RoleDataRuleTarget | null>(null);

  useEffect(() => {
    let alive = true;
    void fetchAssignment(stableOwner, t('assign.loadError')).then((result) => {
      if (!alive) return;
      setLoaded({ key: loadKey, state: result.state });
      if (result.state.status === 'ready') {
        setGranted(result.granted);
        setChecked(result.granted);
        setExpanded(parentKeys(result.state.tree));
      }
    });
    return () => {
      alive = false;
    };
  }, [stableOwner, loadKey, t]);

  const state: LoadState = loaded !== null && loaded.key === loadKey ? loaded.state : LOADING;
  const tree = state.status === 'ready' ? state.tree : NO_NODES;
  const nodes = useMemo(() => indexNodes(tree), [tree]);
  const filtered = useMemo(() => filterTree(tree, search), [tree, search]);
  const treeData = useMemo(() => toTreeData(filtered.nodes), [filtered]);
  const shownExpanded = search.trim() === '' ? expanded : [...new Set([...expanded, ...filtered.expandedKeys])];

  const toggle = (nodeKey: string, on: boolean) => setChecked((current) => toggleChecked(current, nodeKey, on));

  const save = async () => {
    setSaving(true);
    try {
      const answer = await savePermissions(stableOwner, assignmentOf(checked, granted));
      if (answer.success) {
        void message.success(answer.message);
        setGranted(checked);
        onSaved?.();
      } else {
        void message.error(answer.message);
      }
    } catch {
      // Presented by the http client.
    } finally {
      setSaving(false);
    }
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
    if (state.status === 'loading') {
      return (
        <div className="permission-assign-loading" style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
        </div>
      );
    }
    if (state.status === 'error') {
      return (
        <Alert
          type="error"
          showIcon
          message={state.message}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('assign.retry')}
            </Button>
          }
        />
      );
    }
    if (state.tree.length === 0) return <Empty description={stableOwner.kind === 'deptRole' ? t('assign.emptyForDeptRole') : t('assign.empty')} />;
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

  const ready = state.status === 'ready';
  const ids = ready ? state.ids : [];
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
