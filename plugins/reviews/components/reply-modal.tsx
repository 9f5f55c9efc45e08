import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAction } from '../../../src/toolkit/crud';
import { MAX_REVIEW_TEXT, REVIEW_URLS, reviewEntity, type ReviewRecord } from '../entities';
import { ReviewImages } from './review-cells';

interface ReplyValues {
  content: string;
}

/**
 * 回复 / 修改回复: a review has one reply, shown to buyers under it; writing again replaces it. The buyer's words and
 * pictures are shown above the reply being written.
 */
export function ReplyModal({ review, onClose }: { review: ReviewRecord | null; onClose: () => void }) {
  const { t } = useTranslation(['reviews', 'crud']);
  const [form] = Form.useForm<ReplyValues>();
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({ url: REVIEW_URLS.reply, method: 'post', values: { id: String(review?.id ?? ''), content: values.content.trim() } }),
    onDone: onClose,
    invalidates: [reviewEntity.table],
    refusal: 'warning',
  });
  const editing = review?.replied === true;
  // The dialog's form outlives one review: the reply of the one opened now (the form's initial values would keep the last).
  const current = review === null ? null : typeof review.replyContent === 'string' ? review.replyContent : '';
  useEffect(() => {
    if (current !== null) form.setFieldsValue({ content: current });
  }, [form, current, review?.id]);
  return (
    <Modal
      open={review !== null}
      title={t(editing ? 'review.reply.editTitle' : 'review.reply.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud:ok')}
      cancelText={t('crud:cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {review !== null ? (
        <Form form={form} name="review-reply" layout="vertical" preserve={false}>
          <Form.Item label={t('review.reply.review')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 8 }} data-testid="reply-review-content">
              {String(review.content ?? '')}
            </Typography.Paragraph>
            <ReviewImages value={review.picUrls} />
          </Form.Item>
          <Form.Item name="content" label={t('review.reply.content')} rules={[{ required: true, whitespace: true, message: t('review.reply.required') }]}>
            <Input.TextArea rows={4} maxLength={MAX_REVIEW_TEXT} showCount placeholder={t('review.reply.placeholder')} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
