import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space, TreeSelect, type TableColumnType } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { permissionCode } from '../../../src/contracts/entity';
import { ListTable, LoadErrorAlert, useEntityDelete, useGuardedModalState, useRowActionsColumn, writeModalState, type ModalState } from '../../../src/toolkit/crud';
import { DictValue } from '../../../src/toolkit/dict';
import { useAccessMap } from '../../../src/toolkit/permission';
import { StoredImage } from '../../../src/toolkit/upload';
import { categoryOptions, parentIds, ROOT_PARENT, useCategoryTree, type CategoryNode } from '../components/category-tree';
import { GoodsFormModal } from '../components/goods-form-modal';
import { CATEGORY_PARAM, SPU_LIST_PATH } from '../components/spu-model';
import { categoryEntity } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

/** `?parent=<id>` beside `?create=1`: 添加下级 of that category. */
const PARENT_KEY = 'parent';

/**
 * 分类: the category tree as a tree table (queryTreeList), a search through searchBy, 添加下级 / 编辑 /
 * 删除 per node (the server refuses a category with children or goods and says why), 查看商品 opening
 * the SPU list filtered by the category. The dialog lives in the URL like every list's.
 */
export default function CategoryListPage() {
  const { t } = useTranslation(['goods', 'crud']);
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const { tree, loading, isError, reload } = useCategoryTree(keyword);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [expandedFor, setExpandedFor] = useState<CategoryNode[] | null>(null);
  const [modalState] = useGuardedModalState(categoryEntity);
  const [searchParams, setSearchParams] = useSearchParams();
  const parent = searchParams.get(PARENT_KEY);
  const deletes = useEntityDelete(categoryEntity);
  const gates = useAccessMap({ add: permissionCode(categoryEntity, 'add') });
  const createValues = useMemo(() => ({ parentId: parent !== null && RECORD_ID_PATTERN.test(parent) ? parent : ROOT_PARENT, status: '1' }), [parent]);

  if (expandedFor !== tree) {
    // A search shows its matches opened up; the whole tree keeps what was open.
    setExpandedFor(tree);
    if (keyword !== '') setExpanded(parentIds(tree));
  }

  // The dialog and its parent change in one URL update (two would each start from the same old URL).
  const setModal = (state: ModalState, parentId: string | null = null) =>
    setSearchParams(
      (current) => {
        const next = writeModalState(current, state);
        if (parentId === null) next.delete(PARENT_KEY);
        else next.set(PARENT_KEY, parentId);
        return next;
      },
      { replace: true },
    );
  const openCreate = (parentId: string | null) => setModal({ mode: 'create' }, parentId);
  const close = () => setModal(null);

  const actions = useRowActionsColumn<CategoryNode>({
    actions: [
      { key: 'addChild', label: t('category.addChild'), code: permissionCode(categoryEntity, 'add'), onClick: (record) => openCreate(record.id) },
      { key: 'edit', label: t('crud:edit'), code: permissionCode(categoryEntity, 'edit'), onClick: (record) => setModal({ mode: 'edit', id: record.id }) },
      // A refusal (children or goods) shows the server's message; the tree refreshes itself after a delete.
      { key: 'delete', label: t('crud:delete'), code: permissionCode(categoryEntity, 'delete'), danger: true, confirm: (record) => t('category.confirmDelete', { name: record.name }), onClick: (record) => deletes.remove(record.id) },
      { key: 'viewGoods', label: t('category.viewGoods'), onClick: (record) => void navigate(`${SPU_LIST_PATH}?${CATEGORY_PARAM}=${encodeURIComponent(record.id)}`) },
    ],
  });

  const columns: TableColumnType<CategoryNode>[] = [
    { key: 'name', dataIndex: 'name', title: t('category.fields.name') },
    { key: 'picUrl', dataIndex: 'picUrl', title: t('category.fields.picUrl'), width: 90, render: (value: string | null, record) => <StoredImage value={value} alt={record.name} size={32} /> },
    { key: 'sort', dataIndex: 'sort', title: t('category.fields.sort'), width: 90, align: 'center' },
    { key: 'status', dataIndex: 'status', title: t('category.fields.status'), width: 100, render: (value: string | null, record) => <DictValue dict="valid_status" value={value} text={record.status_dictText} /> },
    ...(actions === null ? [] : [actions]),
  ];

  return (
    <Card title={t('category.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => setKeyword(value.trim())}
          placeholder={t('category.searchPlaceholder')}
          aria-label={t('category.fields.name')}
          enterButton={t('crud:search')}
          style={{ width: 320 }}
        />
        <Button
          onClick={() => {
            setTyped('');
            setKeyword('');
          }}
        >
          {t('crud:reset')}
        </Button>
      </Space>
      <Space wrap className="crud-toolbar" style={{ display: 'flex', marginBottom: 16 }}>
        {gates.add.visible ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={gates.add.disabled} onClick={() => openCreate(null)}>
            {t('crud:add')}
          </Button>
        ) : null}
        <Button onClick={() => setExpanded(parentIds(tree))}>{t('category.expandAll')}</Button>
        <Button onClick={() => setExpanded([])}>{t('category.collapseAll')}</Button>
      </Space>
      {/* searchBy refuses a keyword without matches (未查询匹配数据): that is an empty result, not a failure. */}
      <LoadErrorAlert error={isError && keyword === '' ? t('crud:loadError') : null} onRetry={reload} style={{ marginBottom: 16 }} />
      <ListTable<CategoryNode>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={isError && keyword !== '' ? [] : tree}
        pagination={false}
        locale={{ emptyText: t('crud:empty') }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
      />
      <GoodsFormModal
        entity={categoryEntity}
        state={modalState}
        onClose={close}
        onSaved={close}
        createValues={createValues}
        controls={{
          parentId: ({ name, label, editId }) => <ParentItem name={name} label={label} editId={editId} />,
        }}
      />
    </Card>
  );
}

/** 上级分类: the whole tree plus 顶级分类; a category cannot become its own parent or descendant. */
function ParentItem({ name, label, editId }: { name: string; label: string; editId: string | undefined }) {
  const { t } = useTranslation('goods');
  const { tree } = useCategoryTree();
  const treeData = useMemo(() => [{ value: ROOT_PARENT, title: t('category.root'), children: categoryOptions(tree, { exclude: editId }) }], [tree, editId, t]);
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('category.parentRequired') }]}>
      <TreeSelect treeData={treeData} treeDefaultExpandedKeys={[ROOT_PARENT]} showSearch treeNodeFilterProp="title" placeholder={label} />
    </Form.Item>
  );
}
