import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../src/contracts/api-paths';
import { ANNOUNCEMENT_API, type Announcement } from '../../../src/contracts/announcements';
import type { DictItem } from '../../../src/contracts/session';
import { http } from '../../../src/providers/http';
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

/** Create or edit an announcement: priority, recipients (all users or chosen ones), content in a rich-text editor. */
export function AnnouncementFormModal({ record, open, onClose, onSaved }: { record: Announcement | null; open: boolean; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('announcements');
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const [users, setUsers] = useState<DictItem[]>([]);
  const [saving, setSaving] = useState(false);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);

  useEffect(() => {
    if (!open) return;
    // A new dialog starts clean: nothing of the previously edited announcement remains.
    form.resetFields();
    form.setFieldsValue(toForm(record));
  }, [open, record, form]);

  useEffect(() => {
    if (!open || msgType !== 'USER' || users.length > 0) return;
    void http
      .get<DictItem[]>(`${API.dictItems}/sys_user_id`)
      .then((answer) => answer.success && setUsers(answer.result))
      .catch(() => undefined);
  }, [open, msgType, users.length]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const body = toBody(values);
      const answer = record === null ? await http.post(`${ANNOUNCEMENT_API.base}/add`, body) : await http.put(`${ANNOUNCEMENT_API.base}/edit`, { ...body, id: record.id });
      if (!answer.success) {
        void message.error(answer.message);
        return;
      }
      void message.success(answer.message);
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const required = (field: string) => [{ required: true, message: t('admin.required', { field: t(`fields.${field}`) }) }];

  return (
    <Modal
      open={open}
      title={record === null ? t('admin.addTitle') : t('admin.editTitle')}
      width="60%"
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="announcement">
        <Form.Item name="titile" label={t('fields.titile')} rules={[...required('titile'), { max: 100 }]}>
          <Input />
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
              options={users.map((user) => ({ value: user.value, label: user.text }))}
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
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item name="msgContent" label={t('fields.msgContent')}>
          <ContentEditor ariaLabel={t('admin.contentEditor')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
