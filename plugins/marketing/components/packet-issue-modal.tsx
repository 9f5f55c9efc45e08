import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, useEntityAction, type RemoteRow } from '../../../src/toolkit/crud';
import { couponPackageEntity, couponPackageRecordEntity } from '../campaign-entities';


export interface PacketRow {
  id?: string;
  name?: string;
}

const memberLabel = (row: RemoteRow) => [row.memberName, row.mobile].filter((part) => typeof part === 'string' && part !== '').join(' ');

/** 发放: pick a member (the customers' list over HTTP, searched by mobile) and issue the whole packet. */
export function PacketIssueModal({ packet, onClose }: { packet: PacketRow | null; onClose: () => void }) {
  const { t } = useTranslation(['marketingCampaigns', 'crud']);
  const [form] = Form.useForm<{ memberId?: string }>();
  const issue = useEntityAction({ invalidates: [couponPackageEntity.table, couponPackageRecordEntity.table] });
  const submit = async () => {
    let values: { memberId?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (packet === null) return;
    const answer = await issue.run({ url: `${couponPackageEntity.api}/issue`, method: 'post', values: { id: packet.id, memberId: values.memberId } });
    if (answer !== undefined) onClose();
  };
  return (
    <Modal
      open={packet !== null}
      title={t('couponPackage.issueTitle', { name: packet?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud:ok')}
      cancelText={t('crud:cancel')}
      confirmLoading={issue.running}
      destroyOnHidden
    >
      {packet !== null ? (
        <Form form={form} name="packet-issue" layout="vertical" preserve={false} onFinish={() => void submit()}>
          <Form.Item name="memberId" label={t('couponPackage.member')} rules={[{ required: true, message: t('couponPackage.memberRequired') }]}>
            <RemoteSelect
              url="/cust/custMember/list"
              search={(keyword): Record<string, string> => (keyword === '' ? {} : { mobile: `*${keyword}*` })}
              label={memberLabel}
              placeholder={t('couponPackage.memberPlaceholder')}
            />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
