import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormAction } from '../../../src/toolkit/crud';
import { DictSelect } from '../../../src/toolkit/dict/dict-select';
import { DRP_LEVEL_DICT, drpDistributorEntity, type DrpDistributorRecord } from '../entities';
import { DRP_URLS } from './drp-model';

interface LevelValues {
  levelId: string;
}

/** 修改等级 of a distributor. */
export function DistributorLevelModal({ distributor, onClose }: { distributor: DrpDistributorRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['distribution', 'crud']);
  const [form] = Form.useForm<LevelValues>();
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({ url: DRP_URLS.updateLevel, method: 'post', values: { id: String(distributor?.id ?? ''), levelId: values.levelId } }),
    onDone: onClose,
    invalidates: [drpDistributorEntity.table],
    refusal: 'warning',
  });
  return (
    <Modal open={distributor !== null} title={t('distributor.levelDialog.title')} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden>
      {distributor !== null ? (
        <Form form={form} name="drp-level" layout="vertical" preserve={false} initialValues={{ levelId: distributor.levelId ?? undefined }}>
          <Form.Item label={t('distributor.fields.memberName')}>
            <Typography.Text>{String(distributor.memberName ?? '')}</Typography.Text>
          </Form.Item>
          <Form.Item name="levelId" label={t('distributor.levelDialog.level')} rules={[{ required: true, message: t('distributor.levelDialog.required') }]}>
            <DictSelect dictCode={DRP_LEVEL_DICT} allowClear={false} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
