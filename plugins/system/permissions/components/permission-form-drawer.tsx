import { Button, Drawer, Form, Input, InputNumber, Radio, Space, Spin, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, StaleRecordAlert, useEntityRecordForm } from '../../../../src/toolkit/crud';
import { DictSelect } from '../../../../src/toolkit/dict/dict-select';
import { MENU_TYPE, MENU_URL_PATTERN, PERMS_PATTERN, permissionEntity, type MenuType, type PermissionRecord, type PermissionTreeRecord } from '../entities';
import { IconPicker } from './icon-picker';
import { parentOptions } from './menu-tree-data';

/** `null`: closed; create (optionally under a parent: 添加下级) or edit. */
export type DrawerState = { mode: 'create'; parentId?: string } | { mode: 'edit'; id: string } | null;

export const DRAWER_WIDTH = 600;

interface FormValues {
  menuType: MenuType;
  name?: string;
  parentId?: string | null;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  icon?: string | null;
  sortNo?: number | null;
  route?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  perms?: string | null;
  permsType?: string | null;
  status?: string | null;
}

const blank = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

function defaults(parentId: string | undefined): FormValues {
  return {
    menuType: parentId !== undefined ? MENU_TYPE.sub : MENU_TYPE.top,
    parentId: parentId ?? null,
    sortNo: 1,
    route: true,
    hidden: false,
    alwaysShow: false,
    keepAlive: false,
    internalOrExternal: false,
    permsType: '1',
    status: '1',
  };
}

function fromRecord(record: PermissionRecord): FormValues {
  const menuType = record.menuType === MENU_TYPE.sub || record.menuType === MENU_TYPE.button ? record.menuType : MENU_TYPE.top;
  return {
    menuType,
    name: record.name ?? '',
    parentId: record.parentId ?? null,
    url: record.url ?? null,
    component: record.component ?? null,
    componentName: record.componentName ?? null,
    redirect: record.redirect ?? null,
    icon: record.icon ?? null,
    sortNo: record.sortNo ?? null,
    route: record.route ?? true,
    hidden: record.hidden ?? false,
    alwaysShow: record.alwaysShow ?? false,
    keepAlive: record.keepAlive ?? false,
    internalOrExternal: record.internalOrExternal ?? false,
    perms: record.perms ?? null,
    permsType: record.permsType ?? '1',
    status: record.status ?? '1',
  };
}

/** The request body: what the type uses, the rest cleared (a menu turned into a button keeps no URL). */
function toBody(values: FormValues): Record<string, unknown> {
  const isButton = values.menuType === MENU_TYPE.button;
  const isMenu = !isButton;
  return {
    menuType: values.menuType,
    name: values.name?.trim() ?? '',
    parentId: values.menuType === MENU_TYPE.top ? null : (values.parentId ?? null),
    sortNo: values.sortNo ?? null,
    url: isMenu ? blank(values.url) : null,
    component: isMenu ? blank(values.component) : null,
    componentName: isMenu ? blank(values.componentName) : null,
    redirect: isMenu ? blank(values.redirect) : null,
    icon: isMenu ? (values.icon ?? null) : null,
    route: isMenu ? (values.route ?? true) : true,
    hidden: isMenu ? (values.hidden ?? false) : false,
    alwaysShow: isMenu ? (values.alwaysShow ?? false) : false,
    keepAlive: isMenu ? (values.keepAlive ?? false) : false,
    internalOrExternal: isMenu ? (values.internalOrExternal ?? false) : false,
    perms: isButton ? blank(values.perms) : null,
    permsType: isButton ? (values.permsType ?? '1') : '1',
    status: isButton ? (values.status ?? '1') : '1',
  };
}

export interface PermissionFormDrawerProps {
  state: DrawerState;
  /** The loaded tree, for the 上级菜单 choices. */
  tree: readonly PermissionTreeRecord[];
  onClose: () => void;
  onSaved: () => void;
}

/** The yes/no switches of a menu (not of a button), in their order on the form. */
const MENU_SWITCHES = ['route', 'hidden', 'alwaysShow', 'keepAlive'] as const;

/** 新增 / 编辑 a menu or button: a 600 px drawer whose fields follow the 菜单类型. */
export function PermissionFormDrawer({ state, tree, onClose, onSaved }: PermissionFormDrawerProps) {
  const { t } = useTranslation('sysPermission');
  const editId = state?.mode === 'edit' ? state.id : undefined;
  const createParent = state?.mode === 'create' ? state.parentId : undefined;
  const stateKey = state === null ? null : editId !== undefined ? `edit:${editId}` : `create:${createParent ?? ''}`;
  const record = useEntityRecordForm({
    entity: permissionEntity,
    state: state === null ? null : editId !== undefined ? { mode: 'edit', id: editId } : { mode: 'create' },
    onClose,
    onSaved: () => onSaved(),
    toFormValues: (loaded) => ({ ...fromRecord(loaded as PermissionRecord) }),
    toBody: (values) => toBody(values as unknown as FormValues),
  });
  const form = record.form;
  const menuType = Form.useWatch('menuType', form) as MenuType | undefined;

  useEffect(() => {
    if (stateKey !== null && editId === undefined) form.setFieldsValue(defaults(createParent) as unknown as Parameters<typeof form.setFieldsValue>[0]);
  }, [stateKey, editId, createParent, form]);
  const { loading, loadError, saving, submit } = record;
  const isButton = menuType === MENU_TYPE.button;
  const needsParent = menuType === MENU_TYPE.sub || menuType === MENU_TYPE.button;

  const required = (key: string): Rule => ({ required: true, message: t(`rules.${key}`) });
  const urlRules: Rule[] = [required('url'), { pattern: MENU_URL_PATTERN, message: t('rules.urlFormat') }];
  const permsRules: Rule[] = [required('perms'), { pattern: PERMS_PATTERN, message: t('rules.permsFormat') }];

  return (
    <Drawer
      open={state !== null}
      title={t(editId === undefined ? 'drawer.create' : 'drawer.edit')}
      width={DRAWER_WIDTH}
      onClose={record.close}
      destroyOnHidden
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={record.close}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading || loadError} onClick={() => void submit()}>
            {t('ok')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <LoadErrorAlert error={loadError ? t('loadError') : null} onRetry={record.retry} style={{ marginBottom: 16 }} />
        <StaleRecordAlert stale={record.stale} onReload={record.reload} />
        <Form {...record.formProps} form={form} name="permissionForm" layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }}>
          <Form.Item name="menuType" label={t('fields.menuType')}>
            <Radio.Group
              options={[
                { value: MENU_TYPE.top, label: t('menuTypes.top') },
                { value: MENU_TYPE.sub, label: t('menuTypes.sub') },
                { value: MENU_TYPE.button, label: t('menuTypes.button') },
              ]}
            />
          </Form.Item>
          <Form.Item name="name" label={t(isButton ? 'buttonName' : 'fields.name')} rules={[required(isButton ? 'buttonName' : 'name')]}>
            <Input placeholder={t(isButton ? 'placeholders.buttonName' : 'placeholders.name')} maxLength={100} />
          </Form.Item>
          {needsParent ? (
            <Form.Item name="parentId" label={t('fields.parentId')} rules={[required('parentId')]}>
              <TreeSelect
                treeData={parentOptions(tree, editId)}
                showSearch
                treeNodeFilterProp="title"
                allowClear
                placeholder={t('placeholders.parentId')}
              />
            </Form.Item>
          ) : null}
          {!isButton ? (
            <>
              <Form.Item name="url" label={t('fields.url')} rules={urlRules}>
                <Input placeholder={t('placeholders.url')} maxLength={255} />
              </Form.Item>
              <Form.Item name="component" label={t('fields.component')} rules={[required('component')]}>
                <Input placeholder={t('placeholders.component')} maxLength={255} />
              </Form.Item>
              <Form.Item name="componentName" label={t('fields.componentName')}>
                <Input placeholder={t('placeholders.componentName')} maxLength={100} />
              </Form.Item>
              {menuType === MENU_TYPE.top ? (
                <Form.Item name="redirect" label={t('fields.redirect')}>
                  <Input placeholder={t('placeholders.redirect')} maxLength={255} />
                </Form.Item>
              ) : null}
              <Form.Item name="icon" label={t('fields.icon')}>
                <IconPicker />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="perms" label={t('fields.perms')} rules={permsRules}>
                <Input placeholder={t('placeholders.perms')} maxLength={1000} />
              </Form.Item>
              <Form.Item name="permsType" label={t('fields.permsType')}>
                <DictSelect dictCode="perms_type" allowClear={false} placeholder={t('placeholders.permsType')} />
              </Form.Item>
            </>
          )}
          <Form.Item name="sortNo" label={t('fields.sortNo')}>
            <InputNumber min={0} max={99_999} style={{ width: '100%' }} />
          </Form.Item>
          {!isButton ? (
            <>
              {MENU_SWITCHES.map((name) => (
                <Form.Item key={name} name={name} label={t(`fields.${name}`)} valuePropName="checked">
                  <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} />
                </Form.Item>
              ))}
              <Form.Item name="internalOrExternal" label={t('fields.internalOrExternal')} valuePropName="checked">
                <Switch checkedChildren={t('openModes.external')} unCheckedChildren={t('openModes.internal')} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="status" label={t('fields.status')}>
              <Radio.Group
                options={[
                  { value: '1', label: t('statuses.valid') },
                  { value: '0', label: t('statuses.invalid') },
                ]}
              />
            </Form.Item>
          )}
        </Form>
      </Spin>
    </Drawer>
  );
}
