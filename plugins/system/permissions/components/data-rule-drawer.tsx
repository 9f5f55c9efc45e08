import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Divider, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag, Typography, type TableColumnType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useFormSubmit } from '../../../../src/toolkit/crud';
import { accessOf } from '../../../../src/providers/access-control';
import { ROLE_CODES, RULE_COLUMN_PATTERN, RULE_CONDITIONS, type PermissionDataRule, type RuleCondition } from '../../roles/contracts';
import { MENU_TYPE, type PermissionTreeRecord } from '../entities';
import { addDataRule, deleteDataRule, editDataRule, queryDataRules, type DataRuleSearch, type DataRuleValues } from './data-rule-api';

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

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rules: PermissionDataRule[] };
type Editing = { mode: 'create' } | { mode: 'edit'; rule: PermissionDataRule } | null;

const BLANK: DataRuleValues = { ruleName: '', ruleColumn: '', ruleConditions: '=', ruleValue: '', status: '1' };

function valuesOf(rule: PermissionDataRule): DataRuleValues {
  const { ruleName, ruleColumn, ruleConditions, ruleValue, status } = rule;
  return { ruleName, ruleColumn, ruleConditions, ruleValue, status };
}

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
  const { submit, saving } = useFormSubmit<DataRuleValues>(form, {
    save: (values) => {
      const body: DataRuleValues = { ...values, ruleName: values.ruleName.trim(), ruleColumn: values.ruleColumn.trim(), ruleValue: values.ruleValue.trim() };
      return editing.mode === 'edit' ? editDataRule(editing.rule.id, permissionId, body) : addDataRule(permissionId, body);
    },
    onSaved,
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
      onCancel={onClose}
    >
      <Form form={form} name="dataRuleForm" layout="vertical" initialValues={editing.mode === 'edit' ? valuesOf(editing.rule) : BLANK}>
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
  const { message } = App.useApp();
  const gate = accessOf(ROLE_CODES.editPermissionRule);
  const permissionId = menu?.id ?? null;
  const [typed, setTyped] = useState<DataRuleSearch>({});
  const [search, setSearch] = useState<DataRuleSearch>({});
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; state: LoadState } | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const loadKey = `${permissionId ?? ''}|${search.ruleName ?? ''}|${search.ruleValue ?? ''}#${attempt}`;
  const fallbackError = t('dataRule.loadError');

  useEffect(() => {
    if (permissionId === null) return;
    let alive = true;
    const settle = (state: LoadState) => {
      if (alive) setLoaded({ key: loadKey, state });
    };
    queryDataRules(permissionId, search).then(
      (answer) => settle(answer.success ? { status: 'ready', rules: answer.result } : { status: 'error', message: answer.message }),
      () => settle({ status: 'error', message: fallbackError }),
    );
    return () => {
      alive = false;
    };
  }, [permissionId, search, loadKey, fallbackError]);

  const state: LoadState = loaded !== null && loaded.key === loadKey ? loaded.state : { status: 'loading' };
  const reload = () => setAttempt((n) => n + 1);

  const close = () => {
    setTyped({});
    setSearch({});
    setEditing(null);
    onClose();
  };

  const remove = async (id: string) => {
    try {
      const answer = await deleteDataRule(id);
      if (answer.success) {
        void message.success(answer.message);
        reload();
      } else {
        void message.error(answer.message);
      }
    } catch {
      // Presented by the http client.
    }
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
          onPressEnter={() => setSearch(typed)}
          placeholder={t('dataRule.placeholders.ruleName')}
          aria-label={t('dataRule.fields.ruleName')}
          style={{ width: 180 }}
        />
        <Input
          allowClear
          value={typed.ruleValue ?? ''}
          onChange={(event) => setTyped((current) => ({ ...current, ruleValue: event.target.value }))}
          onPressEnter={() => setSearch(typed)}
          placeholder={t('dataRule.placeholders.ruleValue')}
          aria-label={t('dataRule.fields.ruleValue')}
          style={{ width: 180 }}
        />
        <Button type="primary" onClick={() => setSearch(typed)}>
          {t('dataRule.search')}
        </Button>
        <Button
          onClick={() => {
            setTyped({});
            setSearch({});
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
        error={state.status === 'error' ? t('dataRule.loadError') : null}
        description={state.status === 'error' && state.message !== fallbackError ? state.message : undefined}
        onRetry={reload}
        style={{ marginBottom: 16 }}
      />
      <Table<PermissionDataRule>
        rowKey="id"
        size="small"
        loading={state.status === 'loading'}
        columns={columns}
        dataSource={state.status === 'ready' ? state.rules : []}
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
