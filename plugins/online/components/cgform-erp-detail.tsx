import { PlusOutlined } from '@ant-design/icons';
import { useUpdate, type BaseRecord } from '@refinedev/core';
import { Button, Empty, Form, Modal, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childEntries, permissionCode, ROW_VERSION_FIELD, type ChildDefinition, type EntityDefinition } from '../../../src/contracts/entity';
import { useAccess } from '../../../src/toolkit/permission';
import {
  bodyOf,
  EntityFormItems,
  EntityListPage,
  entityColumns,
  formValuesOf,
  GatedButton,
  LoadErrorAlert,
  QUIET,
  useEntityRecord,
  useRowActionsColumn,
  useServerFeedback,
  useUrlParam,
} from '../../../src/toolkit/crud';
import { listProps, type LoadedCgform } from './cgform-gate';

type Row = BaseRecord & { id?: string | number };
type Values = Record<string, unknown>;

/** The sub-row dialog: a row being added (`row` null) or edited. */
type RowDialog = { row: Row | null } | null;

/**
 * The sub rows of one main row in one sub table, with 新增 / 编辑 / 删除. There is one write path for sub rows, the
 * engine's: every change saves the main row with the whole new set of this sub table's rows (one transaction, rows
 * kept by id), under the main form's edit permission; the saved record refreshes itself through Refine.
 */
function ErpChildRows({ entity, childKey, child, parentId, rows, version }: { entity: EntityDefinition; childKey: string; child: ChildDefinition; parentId: string; rows: Row[]; version: unknown }) {
  const { t } = useTranslation('crud');
  const feedback = useServerFeedback();
  const { mutateAsync, mutation } = useUpdate();
  const [dialog, setDialog] = useState<RowDialog>(null);
  const [form] = Form.useForm<Values>();
  const editCode = permissionCode(entity, 'edit');
  const access = useAccess(editCode);

  const save = async (next: Row[]): Promise<boolean> => {
    try {
      // The rows shown are those of the main row as read: the save carries that version, so rows someone else saved
      // meanwhile are never replaced by this (older) set.
      const values = { [childKey]: next, ...(typeof version === 'string' ? { [ROW_VERSION_FIELD]: version } : {}) };
      feedback.succeeded(await mutateAsync({ resource: entity.table, id: parentId, values, meta: { api: entity.api }, ...QUIET }));
      return true;
    } catch (error) {
      feedback.failed(error);
      return false;
    }
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const editing = dialog?.row ?? null;
    const wire = bodyOf(child.entity, values, { editing: editing !== null });
    const next = editing === null ? [...rows, wire] : rows.map((row) => (row.id === editing.id ? { ...row, ...wire } : row));
    if (await save(next)) setDialog(null);
  };

  const actions = useRowActionsColumn<Row>({
    actions: [
      { key: 'edit', label: t('edit'), code: editCode, onClick: (row) => setDialog({ row }) },
      { key: 'delete', label: t('delete'), code: editCode, danger: true, confirm: t('confirmDelete'), onClick: async (row) => void (await save(rows.filter((other) => other.id !== row.id))) },
    ],
  });

  return (
    <>
      <GatedButton access={access}>
        {(disabled) => (
          <Button type="primary" size="small" icon={<PlusOutlined />} disabled={disabled} onClick={() => setDialog({ row: null })} style={{ marginBottom: 8 }}>
            {t('add')}
          </Button>
        )}
      </GatedButton>
      <Table<Row> size="small" rowKey="id" pagination={false} loading={mutation.isPending} columns={[...entityColumns<Row>(child.entity, t), ...(actions === null ? [] : [actions])]} dataSource={rows} />
      <Modal
        open={dialog !== null}
        title={t(dialog?.row ? 'editTitle' : 'createTitle')}
        onCancel={() => setDialog(null)}
        onOk={() => void submit()}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Form form={form} name={`${childKey}Row`} layout="vertical" preserve={false} initialValues={dialog?.row ? formValuesOf(child.entity, dialog.row) : undefined}>
          <EntityFormItems entity={child.entity} />
        </Form>
      </Modal>
    </>
  );
}

/** The selected main row's sub tables, one tab each. */
function ErpDetail({ entity, id }: { entity: EntityDefinition; id: string }) {
  const { t } = useTranslation('online');
  const { record, loading, isError, retry } = useEntityRecord<Row>(entity, id);
  if (isError) return <LoadErrorAlert error={t('auto.loadFailed')} onRetry={retry} />;
  return (
    <Tabs
      data-testid="erp-detail"
      items={childEntries(entity).map(([key, child]) => ({
        key,
        label: t(child.label),
        children: loading ? null : <ErpChildRows entity={entity} childKey={key} child={child} parentId={id} rows={Array.isArray(record?.[key]) ? (record[key] as Row[]) : []} version={record?.[ROW_VERSION_FIELD]} />,
      }))}
    />
  );
}

/** erp/OnlCgformErpList: the main list; a click on a row shows its sub tables' rows below, in tabs. */
export function CgformErpDetailList({ form }: { form: LoadedCgform }) {
  const { t } = useTranslation('online');
  const [selected, setSelected] = useUrlParam('detail');
  const { key, ...props } = listProps(form);
  return (
    <>
      <EntityListPage
        key={key}
        {...props}
        tableExtra={{
          onRow: (row: Row) => ({ onClick: () => setSelected(String(row.id)), style: { cursor: 'pointer' } }),
          rowClassName: (row: Row) => (String(row.id) === selected ? 'ant-table-row-selected' : ''),
        }}
      />
      <div style={{ marginTop: 16 }}>{selected === null ? <Empty description={t('variants.pickRow')} /> : <ErpDetail key={selected} entity={form.entity} id={selected} />}</div>
    </>
  );
}
