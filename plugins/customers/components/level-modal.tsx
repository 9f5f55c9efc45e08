import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormAction } from '../../../src/toolkit/crud';
import { DictSelect } from '../../../src/toolkit/dict/dict-select';
import { LEVEL_DICT, memberEntity, type MemberRecord } from '../entities';
import { MEMBER_URLS } from './member-calls';
import { MemberItem, ReasonItem } from './adjust-items';

interface LevelValues {
  levelId: string;
  reason: string;
}

/** 修改等级: an administrator sets the level by hand with a required reason (written to the level record). */
export function LevelModal({ member, onClose, onSaved }: { member: MemberRecord | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['customers', 'crud']);
  const [form] = Form.useForm<LevelValues>();
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({
      url: MEMBER_URLS.updateLevel,
      method: 'post',
      values: { memberId: String(member?.id ?? ''), levelId: values.levelId, reason: values.reason.trim() },
    }),
    onDone: () => {
      onSaved();
      onClose();
    },
    invalidates: [memberEntity.table],
    refusal: 'warning',
  });
  return (
    <Modal open={member !== null} title={t('member.adjust.levelTitle')} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden>
      {member !== null ? (
        <Form form={form} name="member-level" layout="vertical" preserve={false} initialValues={{ levelId: member.levelId ?? undefined, reason: '' }}>
          <MemberItem member={member} />
          <Form.Item name="levelId" label={t('member.adjust.level')} rules={[{ required: true, message: t('member.adjust.levelRequired') }]}>
            <DictSelect dictCode={LEVEL_DICT} />
          </Form.Item>
          <ReasonItem />
        </Form>
      ) : null}
    </Modal>
  );
}
