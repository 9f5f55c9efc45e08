import { useTranslation } from 'react-i18next';
import { EntityListPage, useUrlParam } from '../../../src/toolkit/crud';
import { SendTestModal } from '../components/send-test-modal';
import { TemplateFormModal } from '../components/template-form-modal';
import { MESSAGE_PERMISSIONS, messageTemplateEntity, type MessageTemplateRecord } from '../entities';
import { RECORD_ID_PATTERN } from '../../../src/contracts/record-id';

const SEND_KEY = 'send';

/** 消息模板: the templates (search, create/edit with the content editor by type, delete) and 发送测试 per row (`?send=<id>`). */
export default function MessageTemplateListPage() {
  const { t } = useTranslation('message');
  const [requested, setSend] = useUrlParam(SEND_KEY);
  const sending = requested !== null && RECORD_ID_PATTERN.test(requested) ? requested : null;

  const rowActions = () => [{ key: 'sendTest', label: t('template.sendTest'), code: MESSAGE_PERMISSIONS.send, onClick: (record: MessageTemplateRecord) => setSend(String(record.id)) }];

  return (
    <>
      <EntityListPage<MessageTemplateRecord> entity={messageTemplateEntity} without={['export', 'import']} formModal={(props) => <TemplateFormModal {...props} />} rowActions={rowActions} />
      <SendTestModal templateId={sending} onClose={() => setSend(null)} />
    </>
  );
}
