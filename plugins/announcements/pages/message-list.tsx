import { Alert, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useCustomRead, useUrlParam } from '../../../src/toolkit/crud';
import { MESSAGE_API, messageEntity, type MessageRecipient, type MessageRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

const RECIPIENTS_KEY = 'recipients';

/** The receivers of one message with their read state, in a drawer kept in the URL (`?recipients=<id>`). */
function RecipientsDrawer({ messageId, onClose }: { messageId: string | null; onClose: () => void }) {
  const { t } = useTranslation('message');
  const read = useCustomRead<MessageRecipient[]>(messageId === null ? null : { url: MESSAGE_API.recipients, query: { id: messageId } }, { failure: t('record.loadError') });
  const rows = Array.isArray(read.value) ? read.value : [];
  return (
    <Drawer open={messageId !== null} onClose={onClose} width={720} title={t('record.recipients')} destroyOnHidden>
      {read.error !== null ? (
        <Alert type="error" showIcon message={read.error} action={<Typography.Link onClick={read.retry}>{t('record.retry')}</Typography.Link>} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<MessageRecipient>
        rowKey="userId"
        size="middle"
        loading={read.loading}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: t('record.empty') }}
        columns={[
          { dataIndex: 'username', title: t('record.username') },
          { dataIndex: 'realname', title: t('record.realname') },
          {
            dataIndex: 'readFlag',
            title: t('record.readFlag'),
            render: (value: MessageRecipient['readFlag']) => <Tag color={value === '1' ? 'green' : 'blue'}>{value === '1' ? t('record.read') : t('record.unread')}</Tag>,
          },
          { dataIndex: 'readTime', title: t('record.readTime'), render: (value: string | null) => value ?? '-' },
        ]}
      />
    </Drawer>
  );
}

/** 消息记录: the messages sent from templates with their receiver and read counts; 接收人 opens who got it and who read it. */
export default function MessageListPage() {
  const { t } = useTranslation('message');
  const [requested, setRecipients] = useUrlParam(RECIPIENTS_KEY);
  const open = requested !== null && RECORD_ID_PATTERN.test(requested) ? requested : null;
  return (
    <>
      <EntityListPage<MessageRecord>
        entity={messageEntity}
        without={['create', 'edit', 'delete', 'batchDelete', 'export', 'import']}
        extraColumns={[
          { key: 'receiverCount', dataIndex: 'receiverCount', title: t('record.fields.receiverCount') },
          { key: 'readCount', dataIndex: 'readCount', title: t('record.fields.readCount') },
        ]}
        rowActions={() => [{ key: 'recipients', label: t('record.recipients'), onClick: (record) => setRecipients(String(record.id)) }]}
      />
      <RecipientsDrawer messageId={open} onClose={() => setRecipients(null)} />
    </>
  );
}
