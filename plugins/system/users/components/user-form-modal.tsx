import { Alert, Col, DatePicker, Form, Input, Modal, Row, Select, Spin, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_PATTERN, USERNAME_PATTERN } from '../../../../src/contracts/account';
import { DictSelect } from '../../../../src/toolkit/dict/dict-select';
import { EnvelopeError } from '../../../../src/providers/data-provider';
import { LoadErrorAlert, sameAsRule, useCustomCall, useCustomRead, useFormAction, useFreshRecord, useUnsavedChanges, type CustomRead, type EntityFormModalProps } from '../../../../src/toolkit/crud';
import { ROW_VERSION_FIELD } from '../../../../src/contracts/entity';
import { PASSWORD_LIMITS, USER_API, type UserDepartEntry } from '../api';
import { AvatarInput } from './avatar-input';
import { departTreeOptions, roleOptions } from './user-options';

type Values = Record<string, unknown>;

/** Options of a select: undefined while they load, null when they could not be read (the form says so). */
function optionsOf<T>(read: CustomRead<unknown>, map: (result: unknown) => T[]): T[] | null | undefined {
  if (read.error !== null) return null;
  return read.value === undefined ? undefined : map(read.value);
}

/** The role and department choices, read through the data provider while the dialog is open. */
function useOptions(open: boolean) {
  // Only whether a read failed matters here: the form shows its own warning beside the control.
  const roles = useCustomRead<unknown>(open ? { url: USER_API.allRoles } : null, { failure: '' });
  const departs = useCustomRead<unknown>(open ? { url: USER_API.departTree } : null, { failure: '' });
  return { roles: optionsOf(roles, roleOptions), departs: optionsOf(departs, departTreeOptions) };
}

/**
 * Form values of an edited user: its record plus its role and department ids (read through the data
 * provider); only the record's failure shows, missing roles or departments leave those empty.
 */
function useUserValues(entity: EntityFormModalProps['entity'], editId: string | undefined, openKey: string | null, failure: string) {
  // The user as this opening read it (the form's one way to read its record), with the version its save carries.
  const record = useFreshRecord<Values>(entity, editId, openKey);
  const roles = useCustomRead<string[]>(editId === undefined ? null : { url: USER_API.queryUserRole, query: { userid: editId } }, { failure });
  const departs = useCustomRead<UserDepartEntry[]>(editId === undefined ? null : { url: USER_API.userDepartList, query: { userId: editId } }, { failure });
  const loading = record.loading || roles.loading || departs.loading;
  const value = useMemo((): Values | undefined => {
    if (record.record === undefined) return undefined;
    const birthday = typeof record.record.birthday === 'string' && record.record.birthday !== '' ? dayjs(record.record.birthday) : undefined;
    return { ...record.record, birthday, selectedroles: roles.value ?? [], selecteddeparts: (departs.value ?? []).map((depart) => depart.key) };
  }, [record.record, roles.value, departs.value]);
  return {
    loading,
    value: loading ? undefined : value,
    version: record.record?.[ROW_VERSION_FIELD],
    error: loading ? null : record.loadError ? (record.refusal ?? failure) : null,
    retry: () => {
      if (record.loadError) record.retry();
      for (const read of [roles, departs]) if (read.error !== null) read.retry();
    },
  };
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
  const openKey = state === null ? null : (editId ?? 'create');
  const { roles, departs } = useOptions(state !== null);
  const check = useCustomCall();
  const unsaved = useUnsavedChanges(openKey);
  const record = useUserValues(entity, editId, openKey, t('crud:loadError'));
  const { loading, error: loadError } = record;
  const ready = state !== null && !loading && loadError === null;

  const label = (name: string) => t(`fields.${name}`);
  const required = (name: string, select = false): Rule => ({ required: true, message: t(select ? 'crud:requiredSelect' : 'crud:required', { label: label(name) }) });
  const unique = (name: 'username' | 'phone' | 'email'): Rule => ({
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      try {
        await check({ url: USER_API.checkOnlyUser, method: 'get', query: { [name]: value.trim(), ...(editId !== undefined ? { id: editId } : {}) } });
      } catch (error) {
        // Taken: the server's message under the field.
        throw error instanceof EnvelopeError ? new Error(error.message) : error;
      }
    },
  });

  const toBody = (values: Values) => {
    const body: Values = {};
    // The version the form was read at: the server refuses the save when the user was saved since.
    if (editId !== undefined && typeof record.version === 'string') body[ROW_VERSION_FIELD] = record.version;
    for (const [name, value] of Object.entries(values)) {
      if (dayjs.isDayjs(value)) body[name] = value.format('YYYY-MM-DD');
      else if (Array.isArray(value)) body[name] = value.join(',');
      else body[name] = typeof value === 'string' ? value.trim() : (value ?? null);
    }
    return body;
  };
  const { submit, saving } = useFormAction(form, {
    request: (values) => (editId === undefined ? { url: USER_API.add, method: 'post', values: toBody(values) } : { url: USER_API.edit, method: 'put', values: { ...toBody(values), id: editId } }),
    invalidates: [entity.table],
    onDone: () => {
      unsaved.reset();
      onSaved();
    },
  });
  const close = () => unsaved.requestClose(onClose);

  const half = { xs: 24, sm: 12 };
  return (
    <Modal
      open={state !== null}
      title={t(editId === undefined ? 'createTitle' : 'editTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('crud:ok')}
      cancelText={t('crud:cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !ready }}
      destroyOnHidden
      width={800}
    >
      <Spin spinning={loading}>
        <LoadErrorAlert error={loadError} onRetry={record.retry} />
        {ready ? (
          <Form key={editId ?? 'create'} form={form} name={formName} layout="vertical" preserve={false} initialValues={record.value} validateTrigger={['onChange', 'onBlur']} onValuesChange={unsaved.markChanged}>
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
      </Spin>
    </Modal>
  );
}
