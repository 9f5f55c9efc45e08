import { DeleteOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Popconfirm, Space, Spin, Tree, Typography, type TreeDataNode, type TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessOf } from '../../../../src/providers/access-control';
import { useCustomCall, useEntityAction, type EntityActionCall } from '../../../../src/toolkit/crud';
import { DEPART_API, DEPART_PERMISSIONS, departEntity, type DepartTreeNode } from '../entities';
import { DepartAddModal } from './depart-add-modal';
import { ancestorIds, expandableKeys, parentAfterDrop, subtreeIds } from './tree-model';
import type { DepartTreeState } from './use-depart-tree';

function toTreeData(nodes: readonly DepartTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.departName, isLeaf: node.children.length === 0, children: node.children.length > 0 ? toTreeData(node.children) : undefined }));
}

type AddTarget = { parent: DepartTreeNode | null } | null;

export interface DepartTreePaneProps {
  tree: DepartTreeState;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** The left pane: search, add/add child/delete/batch delete, expand/collapse, drag to move. */
export function DepartTreePane({ tree, selectedId, onSelect }: DepartTreePaneProps) {
  const { t } = useTranslation('sysDepart');
  const call = useCustomCall();
  // Moves and deletes invalidate the departments: the tree (keyed among their lists) reloads itself.
  const action = useEntityAction({ invalidates: [departEntity.table] });
  // null until the user expands or collapses anything: the tree then opens fully.
  const [expandedState, setExpandedState] = useState<string[] | null>(null);
  const [checkedState, setChecked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<DepartTreeNode[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [adding, setAdding] = useState<AddTarget>(null);
  const gates = {
    add: accessOf(DEPART_PERMISSIONS.add),
    edit: accessOf(DEPART_PERMISSIONS.edit),
    delete: accessOf(DEPART_PERMISSIONS.delete),
    deleteBatch: accessOf(DEPART_PERMISSIONS.deleteBatch),
  };
  const selected = selectedId !== null ? (tree.index.byId.get(selectedId) ?? null) : null;

  const expanded = useMemo(() => expandedState ?? expandableKeys(tree.nodes), [expandedState, tree.nodes]);
  const setExpanded = (update: (keys: string[]) => string[]) => setExpandedState(update(expanded));
  // The selected department stays revealed: when it is first found, and whenever it moves elsewhere.
  const selectedParent = selectedId !== null ? tree.index.parentOf.get(selectedId) : undefined;
  const placement = `${selectedId ?? ''}:${selectedParent ?? ''}`;
  const [revealed, setRevealed] = useState('');
  if (selectedId !== null && selectedParent !== undefined && placement !== revealed) {
    setRevealed(placement);
    setExpandedState([...new Set([...expanded, ...ancestorIds(tree.index, selectedId)])]);
  }
  // Checked departments that no longer exist are forgotten.
  const checked = useMemo(() => checkedState.filter((key) => tree.index.byId.has(key)), [checkedState, tree.index]);

  const search = async (value: string) => {
    const text = value.trim();
    setKeyword(value);
    if (text === '') {
      setResults(null);
      return;
    }
    setSearching(true);
    try {
      const answer = await call<DepartTreeNode[]>({ url: DEPART_API.searchBy, method: 'get', query: { keyWord: text } });
      setResults(answer.data);
    } catch {
      setResults([]);
    } finally {
      setSearching(false);
    }
  };

  const afterDelete = (ids: readonly string[]) => {
    const gone = new Set(ids.flatMap((id) => {
      const node = tree.index.byId.get(id);
      return node !== undefined ? subtreeIds(node) : [id];
    }));
    if (selectedId !== null && gone.has(selectedId)) onSelect(null);
    setChecked((keys) => keys.filter((key) => !gone.has(key)));
    if (results !== null) void search(keyword);
  };

  /** Runs a move or delete (the server's message shows either way); `after` once it succeeded. */
  const run = async (request: EntityActionCall, after: () => void) => {
    if ((await action.run(request)) !== undefined) after();
  };
  const busy = action.running;

  // The tree only ever shows the server's tree, so a refused move snaps back; it is reloaded anyway,
  // since a refusal usually means someone else changed the departments meanwhile.
  // (antd itself never offers a drop onto the dragged department's own subtree.)
  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = String(info.dragNode.key);
    const parent = parentAfterDrop(tree.index, { dragId, dropId: String(info.node.key), dropToGap: info.dropToGap });
    if (parent === undefined) return;
    void run({ url: `${departEntity.api}/edit`, method: 'put', values: { id: dragId, parentId: parent } }, () => {
      if (parent !== null) setExpanded((keys) => [...new Set([...keys, parent])]);
    });
  };

  const treeData = useMemo(() => toTreeData(results ?? tree.nodes), [results, tree.nodes]);
  const canDrag = results === null && gates.edit.visible && !gates.edit.disabled;
  const emptyText = results !== null ? t('tree.noMatch') : t('tree.empty');

  return (
    <Card className="depart-tree-pane" size="small" title={t('title')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={t('tree.searchPlaceholder')} aria-label={t('tree.searchPlaceholder')} loading={searching} onSearch={(value) => void search(value)} />
        <Space wrap size={[8, 8]}>
          {gates.add.visible ? (
            <Button type="primary" icon={<PlusOutlined />} disabled={gates.add.disabled} onClick={() => setAdding({ parent: null })}>
              {t('tree.add')}
            </Button>
          ) : null}
          {gates.add.visible ? (
            <Button icon={<SubnodeOutlined />} disabled={gates.add.disabled || selected === null} onClick={() => setAdding({ parent: selected })}>
              {t('tree.addChild')}
            </Button>
          ) : null}
          {gates.delete.visible ? (
            <Popconfirm
              title={t('tree.confirmDelete', { name: selected?.departName ?? '' })}
              okText={t('form.ok')}
              cancelText={t('form.cancel')}
              disabled={gates.delete.disabled || selected === null}
              onConfirm={() => (selected !== null ? run({ url: DEPART_API.delete, method: 'delete', query: { id: selected.id } }, () => afterDelete([selected.id])) : undefined)}
            >
              <Button danger icon={<DeleteOutlined />} disabled={gates.delete.disabled || selected === null}>
                {t('tree.delete')}
              </Button>
            </Popconfirm>
          ) : null}
          {gates.deleteBatch.visible ? (
            <Popconfirm
              title={t('tree.confirmBatchDelete', { count: checked.length })}
              okText={t('form.ok')}
              cancelText={t('form.cancel')}
              disabled={gates.deleteBatch.disabled || checked.length === 0}
              onConfirm={() => run({ url: DEPART_API.deleteBatch, method: 'delete', query: { ids: `${checked.join(',')},` } }, () => afterDelete(checked))}
            >
              <Button danger disabled={gates.deleteBatch.disabled || checked.length === 0}>
                {t('tree.batchDelete')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button onClick={() => setExpandedState(expandableKeys(tree.nodes))}>{t('tree.expandAll')}</Button>
          <Button onClick={() => setExpandedState([])}>{t('tree.collapseAll')}</Button>
        </Space>
        {checked.length > 0 ? <Typography.Text type="secondary">{t('tree.checked', { count: checked.length })}</Typography.Text> : null}
        {canDrag ? <Typography.Text type="secondary">{t('tree.dragHint')}</Typography.Text> : null}
        {tree.status === 'error' ? (
          <Alert
            type="error"
            showIcon
            message={tree.error !== '' ? tree.error : t('tree.loadError')}
            action={
              <Button size="small" onClick={tree.reload}>
                {t('tree.retry')}
              </Button>
            }
          />
        ) : null}
        <Spin spinning={tree.status === 'loading' || searching || busy}>
          {treeData.length === 0 ? (
            tree.status === 'loading' && results === null ? <div style={{ minHeight: 120 }} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ) : (
            <Tree
              aria-label={t('tree.label')}
              blockNode
              checkable
              checkStrictly
              showLine
              draggable={canDrag ? { icon: false } : false}
              treeData={treeData}
              expandedKeys={results !== null ? undefined : expanded}
              defaultExpandAll={results !== null}
              onExpand={(keys) => setExpandedState(keys.map(String))}
              selectedKeys={selectedId !== null ? [selectedId] : []}
              onSelect={(keys) => {
                const [key] = keys;
                if (key !== undefined) onSelect(String(key));
              }}
              checkedKeys={{ checked, halfChecked: [] }}
              onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              onDrop={onDrop}
            />
          )}
        </Spin>
      </Space>
      <DepartAddModal
        open={adding !== null}
        parent={adding?.parent ?? null}
        onClose={() => setAdding(null)}
        onSaved={(id) => {
          // The add invalidated the departments: the tree reloads itself.
          setAdding(null);
          if (id !== null) onSelect(id);
        }}
      />
    </Card>
  );
}
