import { PlusOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useDialogClose, useEntityAction, useFormAction } from '../../../../src/toolkit/crud';
import { accessOf } from '../../../../src/providers/access-control';
import { ROLE_API, ROLE_CODES, RULE_COLUMN_PATTERN, RULE_CONDITIONS, type PermissionDataRule, type RuleCondition } from '../../roles/contracts';
import { MENU_TYPE, type PermissionTreeRecord } from '../entities';
import type { DataRuleSearch, DataRuleValues } from './data-rule-api';

/** The width of the original 数据权限规则 drawer. */
export const DATA_RULE_DRAWER_WIDTH = 650;

/** Locale keys of the conditions the server accepts (the operators themselves are no i18n keys). */
const CONDITION_KEYS: Record<RuleCondition, string> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  LIKE: 'like',
  LEFT_LIKE: 'leftLike',
  RIGHT_LIKE: 'rightLike',
  IN: 'in',
};

/** Data rules belong to pages: sub-menus, and top-level menus that open a page themselves (not a layout). */
export function takesDataRules(record: Pick<PermissionTreeRecord, 'menuType' | 'component'>): boolean {
  if (record.menuType === MENU_TYPE.sub) return true;
  const component = record.component?.trim() ?? '';
  return record.menuType === MENU_TYPE.top && component !== '' && !component.startsWith('layouts/');
}

export interface DataRuleMenu {
  id: string;
  name: string;
}

export interface DataRuleDrawerProps {
  /** The menu whose rules are maintained; null closes the drawer. */
  menu: DataRuleMenu | null;
  onClose: () => void;
}

type Editing = { mode: 'create' } | { mode: 'edit'; rule: PermissionDataRule } | null;

const BLANK: DataRuleValues = { ruleName: '', ruleColumn: '', ruleConditions: '=', ruleValue: '', status: '1' };

function valuesOf(rule: PermissionDataRule): DataRuleValues {
  const { ruleName, ruleColumn, ruleConditions, ruleValue, status } = rule;
  return { ruleName, ruleColumn, ruleConditions, ruleValue, status };
}

/** The query of the rules of one menu, filtered by name / value (substring) when given. */
function rulesQuery(permissionId: string, search: DataRuleSearch): Record<string, string> {
  const query: Record<string, string> = { permissionId };
  const name = search.ruleName?.trim() ?? '';
  const value = search.ruleValue?.trim() ?? '';
  if (name !== '') query.ruleName = name;
  if (value !== '') query.ruleValue = value;
  return query;
}

const sameSearch = (a: DataRuleSearch, b: DataRuleSearch) => (a.ruleName?.trim() ?? '') === (b.ruleName?.trim() ?? '') && (a.ruleValue?.trim() ?? '') === (b.ruleValue?.trim() ?? '');

interface FormModalProps {
  permissionId: string;
  editing: Exclude<Editing, null>;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增 / 编辑 one rule; the server checks the same things again. */
function DataRuleFormModal({ permissionId, editing, onClose, onSaved }: FormModalProps) {
  const { t } = useTranslation('sysPermission');
  const [form] = Form.useForm<DataRuleValues>();
  const dialog = useDialogClose(onClose);
  const { submit, saving } = useFormAction(form, {
    request: (values) => {
      const body: DataRuleValues = { ...values, ruleName: values.ruleName.trim(), ruleColumn: values.ruleColumn.trim(), ruleValue: values.ruleValue.trim() };
      return editing.mode === 'edit'
        ? { url: ROLE_API.editPermissionRule, method: 'put', values: { id: editing.rule.id, permissionId, ...body, ...(editing.rule.rowVersion === undefined ? {} : { rowVersion: editing.rule.rowVersion }) } }
        : { url: ROLE_API.addPermissionRule, method: 'post', values: { permissionId, ...body } };
    },
    // No Refine list shows these rules: the drawer reads them again itself (onSaved).
    invalidates: [],
    onDone: () => {
      dialog.done();
      onSaved();
    },
  });
  const required = (key: string) => ({ required: true, whitespace: true, message: t(`dataRule.rules.${key}`) });

  return (
    <Modal
      open
      title={t(editing.mode === 'edit' ? 'dataRule.editTitle' : 'dataRule.createTitle')}
      okText={t('dataRule.ok')}
      cancelText={t('dataRule.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={dialog.close}
    >
      <Form form={form} name="dataRuleForm" layout="vertical" initialValues={editing.mode === 'edit' ? valuesOf(editing.rule) : BLANK} onValuesChange={dialog.markChanged}>
        <Form.Item name="ruleName" label={t('dataRule.fields.ruleName')} rules={[required('ruleName'), { max: 50 }]}>
          <Input placeholder={t('dataRule.placeholders.ruleName')} maxLength={50} />
        </Form.Item>
        <Form.Item
          name="ruleColumn"
          label={t('dataRule.fields.ruleColumn')}
          rules={[required('ruleColumn'), { pattern: RULE_COLUMN_PATTERN, message: t('dataRule.rules.ruleColumnFormat') }]}
        >
          <Input placeholder={t('dataRule.placeholders.ruleColumn')} maxLength={64} />
        </Form.Item>
        <Form.Item name="ruleConditions" label={t('dataRule.fields.ruleConditions')} rules={[{ required: true, message: t('dataRule.rules.ruleConditions') }]}>
          <Select
            placeholder={t('dataRule.placeholders.ruleConditions')}
            options={RULE_CONDITIONS.map((condition) => ({ value: condition, label: t(`dataRule.conditions.${CONDITION_KEYS[condition]}`) }))}
          />
        </Form.Item>
        <Form.Item name="ruleValue" label={t('dataRule.fields.ruleValue')} rules={[required('ruleValue'), { max: 300 }]}>
          <Input placeholder={t('dataRule.placeholders.ruleValue')} maxLength={300} />
        </Form.Item>
        <Form.Item name="status" label={t('dataRule.fields.status')}>
          <Radio.Group>
            <Radio value="1">{t('dataRule.statuses.valid')}</Radio>
            <Radio value="0">{t('dataRule.statuses.invalid')}</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 菜单管理 → 数据规则: the data rules of one page, searched by name / value, added, edited, deleted. */
export function DataRuleDrawer({ menu, onClose }: DataRuleDrawerProps) {
  const { t } = useTranslation('sysPermission');
  const removal = useEntityAction({ invalidates: [] });
  const gate = accessOf(ROLE_CODES.editPermissionRule);
  const permissionId = menu?.id ?? null;
  const [typed, setTyped] = useState<DataRuleSearch>({});
  const [search, setSearch] = useState<DataRuleSearch>({});
  const [editing, setEditing] = useState<Editing>(null);
  const fallbackError = t('dataRule.loadError');
  const rules = useCustomRead<PermissionDataRule[]>(permissionId === null ? null : { url: ROLE_API.queryPermissionRule, query: rulesQuery(permissionId, search) }, { failure: fallbackError });
  const reload = rules.retry;
  // 查询 always asks again, also with unchanged filters (colleagues' changes show).
  const runSearch = (next: DataRuleSearch) => {
    if (sameSearch(next, search)) reload();
    else setSearch(next);
  };

  const close = () => {
    setTyped({});
    setSearch({});
    setEditing(null);
    onClose();
  };

  const remove = async (id: string) => {
    if ((await removal.run({ url: ROLE_API.deletePermissionRule, method: 'delete', query: { id } })) !== undefined) reload();
  };

  const columns: TableColumnType<PermissionDataRule>[] = [
    { key: 'ruleName', dataIndex: 'ruleName', title: t('dataRule.fields.ruleName'), ellipsis: true },
    { key: 'ruleColumn', dataIndex: 'ruleColumn', title: t('dataRule.fields.ruleColumn'), ellipsis: true },
    {
      key: 'ruleConditions',
      dataIndex: 'ruleConditions',
      title: t('dataRule.fields.ruleConditions'),
      width: 100,
      render: (condition: RuleCondition) => t(`dataRule.conditions.${CONDITION_KEYS[condition]}`),
    },
    { key: 'ruleValue', dataIndex: 'ruleValue', title: t('dataRule.fields.ruleValue'), ellipsis: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('dataRule.fields.status'),
      width: 70,
      render: (status: PermissionDataRule['status']) => (status === '1' ? <Tag color="green">{t('dataRule.statuses.valid')}</Tag> : <Tag>{t('dataRule.statuses.invalid')}</Tag>),
    },
  ];
  if (gate.visible) {
    columns.push({
      key: 'actions',
      title: t('dataRule.actions'),
      width: 120,
      render: (_value: unknown, rule: PermissionDataRule) => (
        <Space split={<Divider type="vertical" />} size={0}>
          <Button type="link" size="small" disabled={gate.disabled} onClick={() => setEditing({ mode: 'edit', rule })}>
            {t('dataRule.edit')}
          </Button>
          <Popconfirm title={t('dataRule.confirmDelete')} okText={t('dataRule.ok')} cancelText={t('dataRule.cancel')} onConfirm={() => remove(rule.id)} disabled={gate.disabled}>
            <Button type="link" size="small" danger disabled={gate.disabled}>
              {t('dataRule.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Drawer open={menu !== null} onClose={close} width={DATA_RULE_DRAWER_WIDTH} title={t('dataRule.title')} destroyOnHidden>
      {menu !== null && menu.name !== '' ? <Typography.Paragraph type="secondary">{t('dataRule.menu', { name: menu.name })}</Typography.Paragraph> : null}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          allowClear
          value={typed.ruleName ?? ''}
          onChange={(event) => setTyped((current) => ({ ...current, ruleName: event.target.value }))}
          onPressEnter={() => runSearch(typed)}
          placeholder={t('dataRule.placeholders.ruleName')}
          aria-label={t('dataRule.fields.ruleName')}
          style={{ width: 180 }}
        />
        <Input
          allowClear
          value={typed.ruleValue ?? ''}
          onChange={(event) => setTyped((current) => ({ ...current, ruleValue: event.target.value }))}
          onPressEnter={() => runSearch(typed)}
          placeholder={t('dataRule.placeholders.ruleValue')}
          aria-label={t('dataRule.fields.ruleValue')}
          style={{ width: 180 }}
        />
        <Button type="primary" onClick={() => runSearch(typed)}>
          {t('dataRule.search')}
        </Button>
        <Button
          onClick={() => {
            setTyped({});
            runSearch({});
          }}
        >
          {t('dataRule.reset')}
        </Button>
      </Space>
      {gate.visible ? (
        <div style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} disabled={gate.disabled} onClick={() => setEditing({ mode: 'create' })}>
            {t('dataRule.add')}
          </Button>
        </div>
      ) : null}
      <LoadErrorAlert
        error={rules.error !== null ? fallbackError : null}
        description={rules.error !== null && rules.error !== fallbackError ? rules.error : undefined}
        onRetry={reload}
        style={{ marginBottom: 16 }}
      />
      <Table<PermissionDataRule>
        rowKey="id"
        size="small"
        loading={rules.loading}
        columns={columns}
        dataSource={rules.value ?? []}
        pagination={false}
        locale={{ emptyText: t('dataRule.empty') }}
      />
      {editing !== null && permissionId !== null ? (
        <DataRuleFormModal
          permissionId={permissionId}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Drawer>
  );
}
