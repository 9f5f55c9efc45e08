import { useCustom } from '@refinedev/core';
import { Form, Input, Radio, Select } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../src/contracts/api-paths';
import type { Announcement } from '../../../src/contracts/announcements';
import type { DictItem } from '../../../src/contracts/session';
import { EntityFormDialog, useEntityRecordForm, type ModalState } from '../../../src/toolkit/crud';
import { announcementEntity } from '../entities';
import { CATEGORY_OPTIONS, OPEN_TYPE_OPTIONS, PRIORITY_OPTIONS, RECIPIENT_OPTIONS } from './labels';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Form.Item hands value/onChange to its direct child, so the lazy editor sits inside this one. */
function ContentEditor(props: { value?: string; onChange?: (html: string) => void; ariaLabel: string }) {
  return (
    <Suspense fallback={<Input.TextArea disabled rows={6} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

interface FormValues {
  titile: string;
  msgCategory: string;
  priority: string;
  msgType: 'ALL' | 'USER';
  userIds?: string[];
  openType: 'none' | 'url' | 'component';
  openPage?: string;
  busId?: string;
  msgAbstract?: string;
  msgContent?: string;
}

function toForm(record: Announcement | null): Partial<FormValues> {
  if (record === null) return { msgCategory: '1', priority: 'L', msgType: 'ALL', openType: 'none', msgContent: '' };
  return {
    titile: record.titile,
    msgCategory: record.msgCategory,
    priority: record.priority,
    msgType: record.msgType,
    userIds: (record.userIds ?? '').split(',').filter((id) => id !== ''),
    openType: record.openType ?? 'none',
    openPage: record.openPage ?? undefined,
    busId: record.busId ?? undefined,
    msgAbstract: record.msgAbstract ?? undefined,
    msgContent: record.msgContent ?? '',
  };
}

function toBody(values: FormValues): Record<string, unknown> {
  return {
    titile: values.titile,
    msgCategory: values.msgCategory,
    priority: values.priority,
    msgType: values.msgType,
    userIds: values.msgType === 'USER' ? (values.userIds ?? []).join(',') : '',
    openType: values.openType === 'none' ? '' : values.openType,
    openPage: values.openType === 'none' ? '' : (values.openPage ?? ''),
    busId: values.busId ?? '',
    msgAbstract: values.msgAbstract ?? '',
    msgContent: values.msgContent ?? '',
  };
}

const USER_DICT_URL = `${API.dictItems}/sys_user_id`;

/**
 * Create or edit an announcement: priority, recipients (all users or chosen ones), content in a
 * rich-text editor. Loaded and saved through Refine (useEntityRecordForm); the dialog lives in the URL.
 */
export function AnnouncementFormModal({ state, onClose, onSaved }: { state: ModalState; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('announcements');
  const record = useEntityRecordForm({
    entity: announcementEntity,
    state,
    onClose,
    onSaved: () => onSaved(),
    toFormValues: (loaded) => toForm(loaded as unknown as Announcement) as Record<string, unknown>,
    toBody: (values) => toBody(values as unknown as FormValues),
  });
  const { form } = record;
  const msgType = Form.useWatch('msgType', form) as FormValues['msgType'] | undefined;
  const openType = Form.useWatch('openType', form) as FormValues['openType'] | undefined;
  const creating = state?.mode === 'create';
  // Refine's useCustom gives {} (not undefined) until the answer arrives: the options check for an array.
  const { result: users } = useCustom<DictItem[]>({ url: USER_DICT_URL, method: 'get', queryOptions: { enabled: state !== null && msgType === 'USER' } });

  useEffect(() => {
    // A new dialog starts clean, with the usual choices made.
    if (creating) form.setFieldsValue(toForm(null) as Parameters<typeof form.setFieldsValue>[0]);
  }, [creating, form]);

  const required = (field: string) => [{ required: true, message: t('admin.required', { field: t(`fields.${field}`) }) }];

  return (
    <EntityFormDialog form={record} formName="announcement" title={state?.mode === 'edit' ? t('admin.editTitle') : t('admin.addTitle')} width="60%">
      <Form.Item name="titile" label={t('fields.titile')} rules={[...required('titile'), { max: 100 }]}>
        <Input count={{ show: true, max: 100 }} />
      </Form.Item>
      <Form.Item name="msgCategory" label={t('fields.msgCategory')} rules={required('msgCategory')}>
        <Radio.Group options={CATEGORY_OPTIONS.map((value) => ({ value, label: t(`category.${value}`) }))} />
      </Form.Item>
      <Form.Item name="priority" label={t('fields.priority')} rules={required('priority')}>
        <Radio.Group options={PRIORITY_OPTIONS.map((value) => ({ value, label: t(`priority.${value}`) }))} />
      </Form.Item>
      <Form.Item name="msgType" label={t('fields.msgType')} rules={required('msgType')}>
        <Radio.Group options={RECIPIENT_OPTIONS.map((value) => ({ value, label: t(`recipients.${value}`) }))} />
      </Form.Item>
      {msgType === 'USER' && (
        <Form.Item name="userIds" label={t('fields.userIds')} rules={required('userIds')}>
          <Select
            mode="multiple"
            placeholder={t('admin.selectUsers')}
            optionFilterProp="label"
            options={(Array.isArray(users.data) ? users.data : []).map((user) => ({ value: user.value, label: user.text }))}
          />
        </Form.Item>
      )}
      <Form.Item name="openType" label={t('fields.openType')}>
        <Select options={OPEN_TYPE_OPTIONS.map((value) => ({ value, label: t(`openType.${value}`) }))} />
      </Form.Item>
      {openType !== undefined && openType !== 'none' && (
        <>
          <Form.Item name="openPage" label={t('fields.openPage')} rules={required('openPage')}>
            <Input />
          </Form.Item>
          <Form.Item name="busId" label={t('fields.busId')}>
            <Input />
          </Form.Item>
        </>
      )}
      <Form.Item name="msgAbstract" label={t('fields.msgAbstract')} rules={[{ max: 500 }]}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} count={{ show: true, max: 500 }} />
      </Form.Item>
      <Form.Item name="msgContent" label={t('fields.msgContent')}>
        <ContentEditor ariaLabel={t('admin.contentEditor')} />
      </Form.Item>
    </EntityFormDialog>
  );
}
