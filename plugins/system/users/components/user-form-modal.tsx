import { Alert, Col, DatePicker, Form, Input, Row, Select, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_PATTERN, USERNAME_PATTERN } from '../../../../src/contracts/account';
import { DictSelect } from '../../../../src/toolkit/dict/dict-select';
import { FormDialog, sameAsRule, useFormSubmit, useKeyedLoad, type EntityFormModalProps, type LoadOutcome } from '../../../../src/toolkit/crud';
import { PASSWORD_LIMITS } from '../api';
import { AvatarInput } from './avatar-input';
import { userCalls, type Option, type TreeOption } from './user-calls';

type Values = Record<string, unknown>;

/** Form values of an edited user: its record plus its role and department ids. */
async function loadUser(entity: EntityFormModalProps['entity'], id: string): Promise<LoadOutcome<Values>> {
  const [record, roles, departs] = await Promise.all([userCalls.queryById(entity.api, id), userCalls.roleIdsOf(id), userCalls.departsOf(id)]);
  if (!record.success) return { ok: false, error: record.message };
  const birthday = typeof record.result.birthday === 'string' && record.result.birthday !== '' ? dayjs(record.result.birthday) : undefined;
  return {
    ok: true,
    value: {
      ...record.result,
      birthday,
      selectedroles: roles.success ? roles.result : [],
      selecteddeparts: departs.success ? departs.result.map((depart) => depart.key) : [],
    },
  };
}

function useOptions(open: boolean) {
  const [roles, setRoles] = useState<Option[] | null | undefined>(undefined);
  const [departs, setDeparts] = useState<TreeOption[] | null | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    void userCalls.roles().then((options) => alive && setRoles(options));
    void userCalls.departTree().then((options) => alive && setDeparts(options));
    return () => {
      alive = false;
    };
  }, [open]);
  return { roles, departs };
}

/**
 * 新增/编辑用户: account (fixed once created), password and its confirmation (only when creating;
 * 密码 resets it later), roles, departments, avatar and profile; account, phone and e-mail are checked
 * with checkOnlyUser on blur. Plugged into EntityListPage, so it lives in the page URL like any dialog.
 */
export function UserFormModal({ entity, state, onClose, onSaved, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation(['sysUser', 'crud']);
  const [form] = Form.useForm<Values>();
  const editId = state?.mode === 'edit' ? state.id : undefined;
  const { roles, departs } = useOptions(state !== null);
  const record = useKeyedLoad(editId === undefined ? null : `edit:${editId}`, () => loadUser(entity, editId ?? ''), { failure: t('crud:loadError') });
  const { loading, error: loadError } = record;
  const ready = state !== null && !loading && loadError === null;

  const label = (name: string) => t(`fields.${name}`);
  const required = (name: string, select = false): Rule => ({ required: true, message: t(select ? 'crud:requiredSelect' : 'crud:required', { label: label(name) }) });
  const unique = (name: 'username' | 'phone' | 'email'): Rule => ({
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const taken = await userCalls.checkOnly(name, value, editId);
      if (taken !== null) throw new Error(taken);
    },
  });

  const toBody = (values: Values) => {
    const body: Values = {};
    for (const [name, value] of Object.entries(values)) {
      if (dayjs.isDayjs(value)) body[name] = value.format('YYYY-MM-DD');
      else if (Array.isArray(value)) body[name] = value.join(',');
      else body[name] = typeof value === 'string' ? value.trim() : (value ?? null);
    }
    return body;
  };
  const { submit, saving } = useFormSubmit(form, {
    save: (values: Values) => (editId === undefined ? userCalls.add(toBody(values)) : userCalls.edit(editId, toBody(values))),
    onSaved: () => onSaved(),
  });

  const half = { xs: 24, sm: 12 };
  return (
    <FormDialog
      open={state !== null}
      title={t(editId === undefined ? 'createTitle' : 'editTitle')}
      width={800}
      record={record}
      ready={ready}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {ready ? (
        <Form key={record.loadKey} form={form} name={formName} layout="vertical" preserve={false} initialValues={record.value} validateTrigger={['onChange', 'onBlur']}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item
                name="username"
                label={label('username')}
                hasFeedback
                rules={editId === undefined ? [required('username'), { pattern: USERNAME_PATTERN, message: t('rules.usernamePattern') }, unique('username')] : []}
              >
                <Input disabled={editId !== undefined} maxLength={32} placeholder={t('crud:placeholderInput', { label: label('username') })} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="realname" label={label('realname')} rules={[required('realname'), { max: 100, message: t('crud:maxLength', { label: label('realname'), max: 100 }) }]}>
                <Input placeholder={t('crud:placeholderInput', { label: label('realname') })} />
              </Form.Item>
            </Col>
            {editId === undefined ? (
              <>
                <Col {...half}>
                  <Form.Item name="password" label={label('password')} rules={[required('password'), { ...PASSWORD_LIMITS, message: t('rules.passwordLength') }]}>
                    <Input.Password autoComplete="new-password" placeholder={t('crud:placeholderInput', { label: label('password') })} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="confirmpassword"
                    label={label('confirmpassword')}
                    dependencies={['password']}
                    rules={[
                      required('confirmpassword'),
                      sameAsRule('password', t('rules.passwordMismatch')),
                    ]}
                  >
                    <Input.Password autoComplete="new-password" placeholder={t('placeholders.confirmpassword')} />
                  </Form.Item>
                </Col>
              </>
            ) : null}
            <Col {...half}>
              <Form.Item name="workNo" label={label('workNo')} rules={[{ max: 100, message: t('crud:maxLength', { label: label('workNo'), max: 100 }) }]}>
                <Input placeholder={t('crud:placeholderInput', { label: label('workNo') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="selectedroles" label={label('selectedroles')} extra={roles === null ? <Alert type="warning" showIcon message={t('rolesUnavailable')} /> : undefined}>
                <Select mode="multiple" allowClear loading={roles === undefined} disabled={roles === null} options={roles ?? []} optionFilterProp="label" placeholder={t('placeholders.roles')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="selecteddeparts" label={label('selecteddeparts')} extra={departs === null ? <Alert type="warning" showIcon message={t('departsUnavailable')} /> : undefined}>
                <TreeSelect
                  multiple
                  allowClear
                  treeDefaultExpandAll
                  disabled={departs === null}
                  loading={departs === undefined}
                  treeData={departs ?? []}
                  treeNodeFilterProp="title"
                  placeholder={t('placeholders.departs')}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="avatar" label={label('avatar')} extra={t('avatarHint')}>
                <AvatarInput />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="birthday" label={label('birthday')}>
                <DatePicker style={{ width: '100%' }} placeholder={t('crud:placeholderSelect', { label: label('birthday') })} />
              </Form.Item>
              <Form.Item name="sex" label={label('sex')}>
                <DictSelect dictCode="sex" numeric allowClear placeholder={t('crud:placeholderSelect', { label: label('sex') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="email" label={label('email')} hasFeedback rules={[{ type: 'email', message: t('rules.emailPattern') }, unique('email')]}>
                <Input placeholder={t('crud:placeholderInput', { label: label('email') })} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="phone" label={label('phone')} hasFeedback rules={[{ pattern: MOBILE_PATTERN, message: t('rules.phonePattern') }, unique('phone')]}>
                <Input placeholder={t('crud:placeholderInput', { label: label('phone') })} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      ) : null}
    </FormDialog>
  );
}
