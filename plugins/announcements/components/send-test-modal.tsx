import { Alert, Descriptions, Divider, Form, Input, Modal, Spin, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../../src/shell/notice';
import { RemoteSelect, useCustomRead, useFormAction, type RemoteRow } from '../../../src/toolkit/crud';
import {
  escapeHtml,
  fillPlaceholders,
  MESSAGE_API,
  messageEntity,
  messageTemplateEntity,
  MY_ANNOUNCEMENTS_RESOURCE,
  parseTestData,
  placeholdersOf,
  TEMPLATE_TYPE,
  type MessageTemplateRecord,
} from '../entities';

const USER_LIST = '/sys/user/list';
const ROLE_LIST = '/sys/role/list';

interface SendValues {
  data?: Record<string, string>;
  userIds?: string[];
  roleIds?: string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const userSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { username: `*${keyword}*` });
const roleSearch = (keyword: string): Record<string, string> => (keyword === '' ? {} : { roleName: `*${keyword}*` });
const roleLabel = (row: RemoteRow): string => text(row.roleName);

/** The rendered title and content as the receivers will see them (values as text, never markup). */
function Preview({ template, data }: { template: MessageTemplateRecord; data: Record<string, string> }) {
  const { t } = useTranslation('message');
  const name = text(template.templateName);
  const content = text(template.templateContent);
  const filled = Object.fromEntries(Object.entries(data).filter(([, value]) => typeof value === 'string' && value !== ''));
  return (
    <Descriptions column={1} size="small" bordered data-testid="message-preview">
      <Descriptions.Item label={t('send.previewTitle')}>{fillPlaceholders(name, filled)}</Descriptions.Item>
      <Descriptions.Item label={t('send.previewContent')}>
        {template.templateType === TEMPLATE_TYPE.rich ? (
          <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(fillPlaceholders(content, filled, escapeHtml)) }} />
        ) : (
          <div style={{ whiteSpace: 'pre-wrap' }}>{fillPlaceholders(content, filled)}</div>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 发送测试: the template's placeholders as inputs (filled from its test data), the receivers as users
 * and/or roles, a live preview; 发送 sends one 系统消息 to them and answers with the server's message.
 */
export function SendTestModal({ templateId, onClose }: { templateId: string | null; onClose: () => void }) {
  const { t } = useTranslation('message');
  const [form] = Form.useForm<SendValues>();
  const userLabel = useCallback((row: RemoteRow): string => t('send.userOption', { realname: text(row.realname), username: text(row.username) }), [t]);
  const read = useCustomRead<MessageTemplateRecord>(templateId === null ? null : { url: `${messageTemplateEntity.api}/queryById`, query: { id: templateId } }, { failure: t('send.loadError') });
  const template = templateId === null ? undefined : read.value;
  const placeholders = useMemo(() => (template === undefined ? [] : placeholdersOf(text(template.templateName), text(template.templateContent))), [template]);
  const data = (Form.useWatch('data', form) ?? {}) as Record<string, string>;

  // The inputs start from the template's test data (the form mounts anew for each template it shows).
  const initial = useMemo<SendValues>(() => {
    const example = template === undefined ? {} : (parseTestData(text(template.templateTestJson)) ?? {});
    return { data: Object.fromEntries(placeholders.map((name) => [name, example[name] ?? ''])), userIds: [], roleIds: [] };
  }, [template, placeholders]);

  const { submit, saving } = useFormAction<SendValues>(form, {
    invalidates: [messageEntity.table, MY_ANNOUNCEMENTS_RESOURCE],
    request: (values) => ({
      url: MESSAGE_API.sendMsg,
      method: 'post',
      values: { templateCode: text(template?.templateCode), testData: values.data ?? {}, receivers: { userIds: values.userIds ?? [], roleIds: values.roleIds ?? [] } },
    }),
    onDone: () => onClose(),
  });

  const receiversRule = {
    validator: async () => {
      const users: unknown = form.getFieldValue('userIds');
      const roles: unknown = form.getFieldValue('roleIds');
      if ((Array.isArray(users) && users.length > 0) || (Array.isArray(roles) && roles.length > 0)) return;
      throw new Error(t('send.receiversRequired'));
    },
  };

  return (
    <Modal
      open={templateId !== null}
      title={t('send.title', { name: text(template?.templateName) })}
      okText={t('send.send')}
      cancelText={t('send.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ loading: saving, disabled: template === undefined }}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      {read.error !== null ? <Alert type="error" showIcon message={read.error} action={<Typography.Link onClick={read.retry}>{t('send.retry')}</Typography.Link>} /> : null}
      <Spin spinning={read.loading}>
        <Form key={String(template?.id ?? '')} form={form} layout="vertical" name="sendTest" initialValues={initial} onFinish={() => void submit()}>
          <Divider orientation="left" plain>
            {t('send.placeholders')}
          </Divider>
          {placeholders.length === 0 && template !== undefined ? <Typography.Text type="secondary">{t('send.noPlaceholders')}</Typography.Text> : null}
          {placeholders.map((name) => (
            <Form.Item key={name} name={['data', name]} label={name} rules={[{ required: true, whitespace: true, message: t('send.valueRequired', { name }) }]}>
              <Input maxLength={500} />
            </Form.Item>
          ))}
          <Form.Item name="userIds" label={t('send.users')} dependencies={['roleIds']} rules={[receiversRule]}>
            <RemoteSelect mode="multiple" url={USER_LIST} search={userSearch} label={userLabel} placeholder={t('send.usersPlaceholder')} aria-label={t('send.users')} />
          </Form.Item>
          <Form.Item name="roleIds" label={t('send.roles')}>
            <RemoteSelect mode="multiple" url={ROLE_LIST} search={roleSearch} label={roleLabel} placeholder={t('send.rolesPlaceholder')} aria-label={t('send.roles')} />
          </Form.Item>
        </Form>
        {template !== undefined ? (
          <>
            <Divider orientation="left" plain>
              {t('send.preview')}
            </Divider>
            <Preview template={template} data={data} />
          </>
        ) : null}
      </Spin>
    </Modal>
  );
}
