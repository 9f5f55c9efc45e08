import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Spin, Switch, Table, Tabs, Tooltip, type ButtonProps, type TableColumnType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useDialogClose, useFormAction } from '../../../src/toolkit/crud';
import { CGFORM_API, DB_TYPES, SHOW_TYPES, THEME_TEMPLATES, TREE_DEFAULTS, VALID_TYPES, type ThemeTemplate, type CgformDefinition, type CgformField, type CgformHead, type CgformIndex, type TableType } from '../cgform-api';

/** The resource the head list is cached under: a save refreshes it. */
export const CGFORM_HEAD_RESOURCE = 'onl_cgform_head';

export interface CgformDesignerProps {
  /** null: closed; 'new': a new form; else the id of the head to edit. */
  target: string | null;
  onClose: () => void;
  onSaved: () => void;
}

type FieldRow = CgformField & { key: string };
type IndexRow = CgformIndex & { key: string };

interface HeadValues {
  tableName: string;
  tableTxt: string;
  tableType: TableType;
  isTenant: boolean;
  relationType?: 0 | 1 | null;
  tabOrderNum?: number | null;
  /** A single table only: a tree, its label field and its engine columns' names. */
  isTree: boolean;
  treeFieldname?: string | null;
  treeParentIdField?: string | null;
  treeIdField?: string | null;
  /** A main table only: how its list shows the sub tables. */
  themeTemplate: ThemeTemplate;
}

let keySeed = 0;
const nextKey = () => `row-${++keySeed}`;

const newField = (orderNum: number): FieldRow => ({
  key: nextKey(),
  dbFieldName: '',
  dbFieldTxt: '',
  dbType: 'string',
  dbLength: 32,
  dbPointLength: 0,
  dbDefaultVal: null,
  dbIsNull: 1,
  dbIsKey: 0,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  queryMode: 'single',
  fieldShowType: 'text',
  dictField: null,
  dictTable: null,
  dictText: null,
  fieldValidType: null,
  mainTable: null,
  mainField: null,
  orderNum,
});

/** Rows arrive as a list, or as a page of records (JeecgBoot answers both ways). */
function rowsOf<T>(answer: T[] | { records?: T[] } | undefined): T[] {
  if (answer === undefined) return [];
  return Array.isArray(answer) ? answer : (answer.records ?? []);
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The head's tree settings: only a single table is a tree; blank column names take TREE_DEFAULTS on the server. */
function treeHeadOf(values: HeadValues): Pick<CgformHead, 'isTree' | 'treeFieldname' | 'treeParentIdField' | 'treeIdField'> {
  if (values.tableType !== 1 || !values.isTree) return { isTree: 'N', treeFieldname: null, treeParentIdField: null, treeIdField: null };
  return { isTree: 'Y', treeFieldname: values.treeFieldname ?? null, treeParentIdField: textOrNull(values.treeParentIdField ?? ''), treeIdField: textOrNull(values.treeIdField ?? '') };
}

/** 新增/编辑表单: the head, the fields grid and the indexes grid, saved together by addAll / editAll. */
export function CgformDesigner({ target, onClose, onSaved }: CgformDesignerProps) {
  // A fresh designer per form: its state starts from the definition it opens.
  return target === null ? null : <DesignerLoader key={target} target={target} onClose={onClose} onSaved={onSaved} />;
}

function DesignerLoader({ target, onClose, onSaved }: { target: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('online');
  const editing = target !== 'new';
  const failure = t('designer.loadFailed');
  const head = useCustomRead<CgformHead>(editing ? { url: CGFORM_API.headQueryById, query: { id: target } } : null, { failure });
  const fields = useCustomRead<CgformField[] | { records?: CgformField[] }>(editing ? { url: CGFORM_API.fieldListByHeadId, query: { headId: target } } : null, { failure });
  const indexes = useCustomRead<CgformIndex[] | { records?: CgformIndex[] }>(editing ? { url: CGFORM_API.indexListByHeadId, query: { headId: target } } : null, { failure });
  const error = head.error ?? fields.error ?? indexes.error;
  const ready = !editing || (head.value !== undefined && fields.value !== undefined && indexes.value !== undefined);

  if (error !== null || !ready) {
    return (
      <Modal open title={t('designer.editTitle')} onCancel={onClose} footer={null} width={640}>
        {error !== null ? (
          <LoadErrorAlert
            error={failure}
            description={error}
            onRetry={() => {
              head.retry();
              fields.retry();
              indexes.retry();
            }}
          />
        ) : (
          <Spin style={{ display: 'block', margin: '32px auto' }} />
        )}
      </Modal>
    );
  }
  return (
    <DesignerDialog
      editingId={editing ? target : null}
      head={head.value ?? null}
      fields={[...rowsOf(fields.value)].sort((a, b) => a.orderNum - b.orderNum).map((field) => ({ ...field, key: field.id ?? nextKey() }))}
      indexes={rowsOf(indexes.value).map((index) => ({ ...index, key: index.id ?? nextKey() }))}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

interface DesignerDialogProps {
  editingId: string | null;
  head: CgformHead | null;
  fields: FieldRow[];
  indexes: IndexRow[];
  onClose: () => void;
  onSaved: () => void;
}

function DesignerDialog({ editingId, head, fields: initialFields, indexes: initialIndexes, onClose, onSaved }: DesignerDialogProps) {
  const { t } = useTranslation('online');
  const [form] = Form.useForm<HeadValues>();
  const [fields, setFields] = useState<FieldRow[]>(initialFields.length > 0 ? initialFields : [newField(1)]);
  const [indexes, setIndexes] = useState<IndexRow[]>(initialIndexes);
  const [tab, setTab] = useState('fields');
  const tableType = Form.useWatch('tableType', form) ?? head?.tableType ?? 1;
  const isTree = Form.useWatch('isTree', form) ?? head?.isTree === 'Y';
  const editing = editingId !== null;
  const dialog = useDialogClose(onClose);
  const { markChanged } = dialog;
  // The field and index grids are the dialog's own state: any change to them is a change to save.
  const opened = useRef({ fields, indexes });
  useEffect(() => {
    if (fields !== opened.current.fields || indexes !== opened.current.indexes) markChanged();
  }, [fields, indexes, markChanged]);

  const { submit, saving } = useFormAction<HeadValues>(form, {
    invalidates: [CGFORM_HEAD_RESOURCE],
    request: (values) => {
      const keptFieldIds = new Set(fields.map((field) => field.id).filter(Boolean));
      const keptIndexIds = new Set(indexes.map((index) => index.id).filter(Boolean));
      const definition: CgformDefinition = {
        head: {
          // The version the head was read at: editAll is refused when the form was saved since.
          ...(editing ? { id: editingId, ...(head?.rowVersion === undefined ? {} : { rowVersion: head.rowVersion }) } : {}),
          tableName: values.tableName.trim(),
          tableTxt: values.tableTxt.trim(),
          tableType: values.tableType,
          isTenant: values.isTenant ? 1 : 0,
          relationType: values.tableType === 3 ? (values.relationType ?? 0) : null,
          tabOrderNum: values.tableType === 3 ? (values.tabOrderNum ?? null) : null,
          ...treeHeadOf(values),
          themeTemplate: values.tableType === 2 ? values.themeTemplate : 'normal',
        },
        fields: fields.map(({ key: _key, ...field }, index) => ({ ...field, orderNum: index + 1, ...(values.tableType === 3 ? {} : { mainTable: null, mainField: null }) })),
        indexs: indexes.map(({ key: _key, ...index }) => index),
        ...(editing
          ? {
              deleteFieldIds: initialFields.map((field) => field.id).filter((id): id is string => typeof id === 'string' && !keptFieldIds.has(id)),
              deleteIndexIds: initialIndexes.map((index) => index.id).filter((id): id is string => typeof id === 'string' && !keptIndexIds.has(id)),
            }
          : {}),
      };
      return { url: editing ? CGFORM_API.editAll : CGFORM_API.addAll, method: editing ? 'put' : 'post', values: definition };
    },
    onDone: () => {
      dialog.done();
      onSaved();
    },
  });

  const patchField = (key: string, patch: Partial<CgformField>) => setFields((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const patchIndex = (key: string, patch: Partial<CgformIndex>) => setIndexes((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) =>
    setFields((rows) => {
      const next = [...rows];
      const [row] = next.splice(index, 1);
      if (row !== undefined) next.splice(index + by, 0, row);
      return next;
    });
  const flag = (row: FieldRow, name: 'dbIsNull' | 'isShowForm' | 'isShowList' | 'isQuery', label: string) => (
    <Checkbox aria-label={`${label} ${row.dbFieldName}`} checked={row[name] === 1} onChange={(event) => patchField(row.key, { [name]: event.target.checked ? 1 : 0 })} />
  );
  const fieldNames = fields.map((field) => field.dbFieldName.trim()).filter((name) => name !== '');

  const fieldColumns: TableColumnType<FieldRow>[] = [
    { key: 'order', title: '#', width: 44, render: (_, _row, index) => index + 1 },
    {
      key: 'dbFieldName',
      title: t('designer.dbFieldName'),
      width: 150,
      render: (_, row) => <Input aria-label={t('designer.dbFieldName')} value={row.dbFieldName} maxLength={63} autoComplete="off" onChange={(event) => patchField(row.key, { dbFieldName: event.target.value })} />,
    },
    {
      key: 'dbFieldTxt',
      title: t('designer.dbFieldTxt'),
      width: 150,
      render: (_, row) => <Input aria-label={t('designer.dbFieldTxt')} value={row.dbFieldTxt} maxLength={200} autoComplete="off" onChange={(event) => patchField(row.key, { dbFieldTxt: event.target.value })} />,
    },
    {
      key: 'dbType',
      title: t('designer.dbType'),
      width: 120,
      render: (_, row) => <Select aria-label={t('designer.dbType')} value={row.dbType} style={{ width: '100%' }} options={DB_TYPES.map((type) => ({ value: type, label: type }))} onChange={(dbType) => patchField(row.key, { dbType })} />,
    },
    { key: 'dbLength', title: t('designer.dbLength'), width: 90, render: (_, row) => <InputNumber aria-label={t('designer.dbLength')} min={0} max={10_000} precision={0} value={row.dbLength} onChange={(value) => patchField(row.key, { dbLength: value ?? 0 })} /> },
    { key: 'dbPointLength', title: t('designer.dbPointLength'), width: 80, render: (_, row) => <InputNumber aria-label={t('designer.dbPointLength')} min={0} max={10} precision={0} value={row.dbPointLength ?? 0} onChange={(value) => patchField(row.key, { dbPointLength: value ?? 0 })} /> },
    { key: 'dbDefaultVal', title: t('designer.dbDefaultVal'), width: 110, render: (_, row) => <Input aria-label={t('designer.dbDefaultVal')} value={row.dbDefaultVal ?? ''} maxLength={200} onChange={(event) => patchField(row.key, { dbDefaultVal: textOrNull(event.target.value) })} /> },
    { key: 'dbIsNull', title: t('designer.dbIsNull'), width: 64, render: (_, row) => flag(row, 'dbIsNull', t('designer.dbIsNull')) },
    { key: 'isShowForm', title: t('designer.isShowForm'), width: 64, render: (_, row) => flag(row, 'isShowForm', t('designer.isShowForm')) },
    { key: 'isShowList', title: t('designer.isShowList'), width: 64, render: (_, row) => flag(row, 'isShowList', t('designer.isShowList')) },
    { key: 'isQuery', title: t('designer.isQuery'), width: 64, render: (_, row) => flag(row, 'isQuery', t('designer.isQuery')) },
    {
      key: 'queryMode',
      title: t('designer.queryMode'),
      width: 100,
      render: (_, row) => (
        <Select
          aria-label={t('designer.queryMode')}
          value={row.queryMode ?? 'single'}
          disabled={row.isQuery !== 1}
          style={{ width: '100%' }}
          options={[
            { value: 'single', label: t('designer.single') },
            { value: 'group', label: t('designer.group') },
          ]}
          onChange={(queryMode) => patchField(row.key, { queryMode })}
        />
      ),
    },
    {
      key: 'fieldShowType',
      title: t('designer.fieldShowType'),
      width: 120,
      render: (_, row) => (
        <Select aria-label={t('designer.fieldShowType')} value={row.fieldShowType} style={{ width: '100%' }} options={SHOW_TYPES.map((type) => ({ value: type, label: t(`showType.${type}`) }))} onChange={(fieldShowType) => patchField(row.key, { fieldShowType })} />
      ),
    },
    // A dictionary code; or a table dictionary (dictTable, with dictText for another form's table); or a popup's report (dictTable), its columns (dictField) and the fields they fill (dictText).
    { key: 'dictField', title: t('designer.dictField'), width: 120, render: (_, row) => <Input aria-label={t('designer.dictField')} title={t('designer.dictFieldHint')} value={row.dictField ?? ''} maxLength={100} onChange={(event) => patchField(row.key, { dictField: textOrNull(event.target.value) })} /> },
    { key: 'dictTable', title: t('designer.dictTable'), width: 120, render: (_, row) => <Input aria-label={t('designer.dictTable')} title={t('designer.dictTableHint')} value={row.dictTable ?? ''} maxLength={100} onChange={(event) => patchField(row.key, { dictTable: textOrNull(event.target.value) })} /> },
    { key: 'dictText', title: t('designer.dictText'), width: 120, render: (_, row) => <Input aria-label={t('designer.dictText')} title={t('designer.dictTextHint')} value={row.dictText ?? ''} maxLength={100} onChange={(event) => patchField(row.key, { dictText: textOrNull(event.target.value) })} /> },
    {
      key: 'fieldValidType',
      title: t('designer.fieldValidType'),
      width: 120,
      render: (_, row) => (
        <Select
          aria-label={t('designer.fieldValidType')}
          allowClear
          value={row.fieldValidType ?? undefined}
          style={{ width: '100%' }}
          options={VALID_TYPES.map((type) => ({ value: type, label: t(`validType.${type === '*' ? 'required' : type}`) }))}
          onChange={(fieldValidType?: string) => patchField(row.key, { fieldValidType: fieldValidType ?? null })}
        />
      ),
    },
    ...(tableType === 3
      ? [
          { key: 'mainTable', title: t('designer.mainTable'), width: 150, render: (_: unknown, row: FieldRow) => <Input aria-label={t('designer.mainTable')} value={row.mainTable ?? ''} maxLength={63} onChange={(event) => patchField(row.key, { mainTable: textOrNull(event.target.value) })} /> },
          { key: 'mainField', title: t('designer.mainField'), width: 110, render: (_: unknown, row: FieldRow) => <Input aria-label={t('designer.mainField')} value={row.mainField ?? ''} maxLength={63} onChange={(event) => patchField(row.key, { mainField: textOrNull(event.target.value) })} /> },
        ]
      : []),
    {
      key: 'ops',
      title: '',
      width: 110,
      fixed: 'right',
      render: (_, row, index) => (
        <Space size={0}>
          <Tooltip title={t('designer.moveUp')}>
            <Button type="text" size="small" aria-label={t('designer.moveUp')} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} />
          </Tooltip>
          <Tooltip title={t('designer.moveDown')}>
            <Button type="text" size="small" aria-label={t('designer.moveDown')} icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => move(index, 1)} />
          </Tooltip>
          <Tooltip title={t('designer.removeRow')}>
            <Button type="text" size="small" danger aria-label={t('designer.removeRow')} icon={<DeleteOutlined />} onClick={() => setFields((rows) => rows.filter((candidate) => candidate.key !== row.key))} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const indexColumns: TableColumnType<IndexRow>[] = [
    { key: 'indexName', title: t('designer.indexName'), width: 220, render: (_, row) => <Input aria-label={t('designer.indexName')} value={row.indexName} maxLength={63} onChange={(event) => patchIndex(row.key, { indexName: event.target.value })} /> },
    {
      key: 'indexField',
      title: t('designer.indexField'),
      render: (_, row) => (
        <Select
          aria-label={t('designer.indexField')}
          mode="multiple"
          style={{ width: '100%' }}
          value={row.indexField.split(',').filter(Boolean)}
          options={fieldNames.map((name) => ({ value: name, label: name }))}
          onChange={(names: string[]) => patchIndex(row.key, { indexField: names.join(',') })}
        />
      ),
    },
    {
      key: 'indexType',
      title: t('designer.indexType'),
      width: 140,
      render: (_, row) => (
        <Select
          aria-label={t('designer.indexType')}
          value={row.indexType}
          style={{ width: '100%' }}
          options={[
            { value: 'normal', label: t('designer.indexNormal') },
            { value: 'unique', label: t('designer.indexUnique') },
          ]}
          onChange={(indexType) => patchIndex(row.key, { indexType })}
        />
      ),
    },
    { key: 'ops', title: '', width: 60, render: (_, row) => <Button type="text" danger aria-label={t('designer.removeRow')} icon={<DeleteOutlined />} onClick={() => setIndexes((rows) => rows.filter((candidate) => candidate.key !== row.key))} /> },
  ];

  return (
    <Modal
      open
      title={editing ? t('designer.editTitle') : t('designer.addTitle')}
      width="min(1400px, 96vw)"
      onCancel={dialog.close}
      maskClosable={false}
      onOk={() => void submit()}
      okText={t('designer.save')}
      cancelText={t('designer.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'cgform-save' } as ButtonProps}
      destroyOnHidden
    >
      {editing && head?.isDbSynch === 'Y' && <Alert type="info" showIcon message={t('designer.syncedNote')} style={{ marginBottom: 12 }} />}
      <Form<HeadValues>
        form={form}
        name="cgform_head"
        layout="inline"
        onFinish={() => void submit()}
        onValuesChange={markChanged}
        initialValues={{
          tableName: head?.tableName ?? '',
          tableTxt: head?.tableTxt ?? '',
          tableType: head?.tableType ?? 1,
          isTenant: head?.isTenant === 1,
          relationType: head?.relationType ?? 0,
          tabOrderNum: head?.tabOrderNum ?? null,
          isTree: head?.isTree === 'Y',
          treeFieldname: head?.treeFieldname ?? null,
          treeParentIdField: head?.treeParentIdField ?? null,
          treeIdField: head?.treeIdField ?? null,
          themeTemplate: head?.themeTemplate ?? 'normal',
        }}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item
          name="tableName"
          label={t('head2.tableName')}
          rules={[
            { required: true, whitespace: true, message: t('designer.required', { field: t('head2.tableName') }) },
            { pattern: /^[a-z][a-z0-9_]{1,62}$/, message: t('designer.tableNamePattern') },
          ]}
        >
          <Input style={{ width: 220 }} autoComplete="off" disabled={editing} />
        </Form.Item>
        <Form.Item name="tableTxt" label={t('head2.tableTxt')} rules={[{ required: true, whitespace: true, message: t('designer.required', { field: t('head2.tableTxt') }) }]}>
          <Input style={{ width: 220 }} maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="tableType" label={t('head2.tableType')}>
          <Select
            style={{ width: 130 }}
            options={([1, 2, 3] as const).map((type) => ({ value: type, label: t(`tableType.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="isTenant" label={t('designer.isTenant')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {tableType === 3 && (
          <>
            <Form.Item name="relationType" label={t('designer.relationType')}>
              <Select
                style={{ width: 120 }}
                options={[
                  { value: 0, label: t('designer.oneToMany') },
                  { value: 1, label: t('designer.oneToOne') },
                ]}
              />
            </Form.Item>
            <Form.Item name="tabOrderNum" label={t('designer.tabOrderNum')}>
              <InputNumber min={0} max={99} precision={0} />
            </Form.Item>
          </>
        )}
        {tableType === 1 && (
          <Form.Item name="isTree" label={t('designer.isTree')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {tableType === 1 && isTree && (
          <>
            <Form.Item name="treeFieldname" label={t('designer.treeFieldname')} rules={[{ required: true, message: t('designer.required', { field: t('designer.treeFieldname') }) }]}>
              <Select style={{ width: 150 }} options={fieldNames.map((name) => ({ value: name, label: name }))} />
            </Form.Item>
            <Form.Item name="treeParentIdField" label={t('designer.treeParentIdField')}>
              <Input style={{ width: 120 }} maxLength={63} autoComplete="off" placeholder={TREE_DEFAULTS.parentIdField} />
            </Form.Item>
            <Form.Item name="treeIdField" label={t('designer.treeIdField')}>
              <Input style={{ width: 120 }} maxLength={63} autoComplete="off" placeholder={TREE_DEFAULTS.hasChildField} />
            </Form.Item>
          </>
        )}
        {tableType === 2 && (
          <Form.Item name="themeTemplate" label={t('designer.themeTemplate')}>
            <Select style={{ width: 130 }} options={THEME_TEMPLATES.map((theme) => ({ value: theme, label: t(`designer.themes.${theme}`) }))} />
          </Form.Item>
        )}
        {/* Enter in a head field saves, like 确定. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {tableType === 3 && <Alert type="info" showIcon message={t('designer.subTableHelp')} style={{ marginBottom: 12 }} />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'fields',
            label: t('designer.fields'),
            children: (
              <>
                <Table<FieldRow>
                  size="small"
                  rowKey="key"
                  pagination={false}
                  scroll={{ x: 1900, y: 420 }}
                  dataSource={fields}
                  columns={fieldColumns}
                  locale={{ emptyText: t('designer.noFields') }}
                  data-testid="cgform-fields"
                />
                <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setFields((rows) => [...rows, newField(rows.length + 1)])} data-testid="cgform-add-field">
                  {t('designer.addField')}
                </Button>
              </>
            ),
          },
          {
            key: 'indexes',
            label: t('designer.indexes'),
            children: (
              <>
                <Table<IndexRow> size="small" rowKey="key" pagination={false} dataSource={indexes} columns={indexColumns} locale={{ emptyText: t('designer.noIndexes') }} data-testid="cgform-indexes" />
                <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setIndexes((rows) => [...rows, { key: nextKey(), indexName: '', indexField: '', indexType: 'normal' }])}>
                  {t('designer.addIndex')}
                </Button>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
