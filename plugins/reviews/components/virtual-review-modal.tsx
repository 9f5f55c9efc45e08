import { Alert, Form, Input, Modal, Rate, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormAction } from '../../../src/toolkit/crud';
import { RefInput } from '../../../src/toolkit/refs';
import { UploadWidget, type UploadWidgetValue } from '../../../src/toolkit/upload';
import { MAX_REVIEW_IMAGES, MAX_REVIEW_TEXT, REVIEW_URLS, reviewEntity, SCORE_MAX, spuScoreEntity } from '../entities';
import { picturesOf } from './review-cells';

interface VirtualValues {
  spuId: string | null;
  nickname: string;
  goodsScore: number;
  serviceScore: number;
  deliveryScore: number;
  content: string;
  picUrls: UploadWidgetValue | null;
  anonymous: boolean;
}

const SCORE_FIELDS = ['goodsScore', 'serviceScore', 'deliveryScore'] as const;

/**
 * 添加虚拟评价 for a goods: the reviewer's name, the three scores (five stars to start with), the words and up to nine
 * pictures (uploaded to the shop's files). Staff see it marked 虚拟评价; buyers see it as any other review.
 */
export function VirtualReviewModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['reviews', 'crud']);
  const [form] = Form.useForm<VirtualValues>();
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({
      url: REVIEW_URLS.virtual,
      method: 'post',
      values: {
        spuId: values.spuId ?? '',
        nickname: values.nickname.trim(),
        goodsScore: values.goodsScore,
        serviceScore: values.serviceScore,
        deliveryScore: values.deliveryScore,
        content: values.content.trim(),
        picUrls: typeof values.picUrls === 'string' ? picturesOf(values.picUrls) : (values.picUrls ?? []).map((entry) => entry.filePath),
        anonymous: values.anonymous,
      },
    }),
    onDone: onClose,
    // The goods' score and count move with it.
    invalidates: [reviewEntity.table, spuScoreEntity.table],
    refusal: 'warning',
  });
  return (
    <Modal open={open} title={t('review.virtual.title')} onCancel={onClose} onOk={() => void submit()} okText={t('crud:ok')} cancelText={t('crud:cancel')} confirmLoading={saving} destroyOnHidden width={640}>
      {open ? (
        <Form
          form={form}
          name="review-virtual"
          layout="vertical"
          preserve={false}
          initialValues={{ spuId: null, nickname: '', goodsScore: SCORE_MAX, serviceScore: SCORE_MAX, deliveryScore: SCORE_MAX, content: '', picUrls: null, anonymous: false }}
        >
          <Alert type="info" showIcon message={t('review.virtual.hint')} style={{ marginBottom: 16 }} />
          <Form.Item name="spuId" label={t('review.virtual.spuId')} rules={[{ required: true, message: t('review.virtual.spuRequired') }]}>
            <RefInput kind="spu" aria-label={t('review.virtual.spuId')} />
          </Form.Item>
          <Form.Item name="nickname" label={t('review.virtual.nickname')} rules={[{ required: true, whitespace: true, message: t('review.virtual.nicknameRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
          {SCORE_FIELDS.map((name) => (
            <Form.Item key={name} name={name} label={t(`review.fields.${name}`)} rules={[{ required: true, type: 'number', min: 1, max: SCORE_MAX }]}>
              <Rate count={SCORE_MAX} allowClear={false} aria-label={t(`review.fields.${name}`)} />
            </Form.Item>
          ))}
          <Form.Item name="content" label={t('review.virtual.content')} rules={[{ required: true, whitespace: true, message: t('review.virtual.contentRequired') }]}>
            <Input.TextArea rows={4} maxLength={MAX_REVIEW_TEXT} showCount />
          </Form.Item>
          <Form.Item name="picUrls" label={t('review.virtual.picUrls')}>
            <UploadWidget fileType="image" number={MAX_REVIEW_IMAGES} bizPath="review" />
          </Form.Item>
          <Form.Item name="anonymous" label={t('review.virtual.anonymous')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
