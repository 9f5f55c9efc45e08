import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, useEntityAction } from '../../../src/toolkit/crud';
import { drpDistributorEntity, type DrpDistributorRecord } from '../entities';
import { DRP_URLS } from './drp-model';

/**
 * 修改上级 / 清除上级: another distributor becomes this one's upline (the server refuses one of its own
 * downline), or none; commission follows the new upline from the next paid order.
 */
export function ParentModal({ distributor, onClose }: { distributor: DrpDistributorRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['distribution', 'crud']);
  const [form] = Form.useForm<{ parentId: string }>();
  const save = useEntityAction({ invalidates: [drpDistributorEntity.table] });
  const run = async (parentId: string | null) => {
    if (distributor === null) return;
    const answer = await save.run({ url: DRP_URLS.updateParent, method: 'post', values: { id: String(distributor.id), parentId } });
    if (answer !== undefined) onClose();
  };
  const submit = async () => {
    try {
      await run((await form.validateFields()).parentId);
    } catch {
      // The form shows what is missing.
    }
  };
  const hasParent = distributor?.parentId !== null && distributor?.parentId !== undefined && distributor.parentId !== '';
  return (
    <Modal
      open={distributor !== null}
      title={t('distributor.parentDialog.title', { name: String(distributor?.memberName ?? '') })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        hasParent ? (
          <Button key="clear" danger loading={save.running} onClick={() => void run(null)}>
            {t('distributor.parentDialog.clear')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('crud:cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={save.running} onClick={() => void submit()}>
          {t('crud:ok')}
        </Button>,
      ]}
    >
      {distributor !== null ? (
        <Form form={form} name="drp-parent" layout="vertical" preserve={false} initialValues={{ parentId: hasParent ? String(distributor.parentId) : undefined }}>
          <Form.Item name="parentId" label={t('distributor.parentDialog.parent')} rules={[{ required: true, message: t('distributor.parentDialog.required') }]}>
            <RemoteSelect
              url={`${drpDistributorEntity.api}/list`}
              search={(keyword): Record<string, string> => (keyword === '' ? {} : { memberName: `*${keyword}*` })}
              label={(row) => [row.memberName, row.mobile].filter((part) => part !== null && part !== undefined && part !== '').map(String).join(' ')}
              unlisted={() => String(distributor.parentName ?? '')}
              placeholder={t('distributor.parentDialog.pick')}
              aria-label={t('distributor.parentDialog.parent')}
            />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
