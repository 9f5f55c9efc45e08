import { Image, Rate, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictValue } from '../../../src/toolkit/dict';
import { RefField } from '../../../src/toolkit/refs';
import { StoredImage } from '../../../src/toolkit/upload';
import { REVIEW_SOURCE, REVIEW_SOURCE_DICT, SCORE_MAX, type ReviewRecord } from '../entities';

/** The stored paths of a review's pictures (comma-separated on the wire). */
export const picturesOf = (value: unknown): string[] => (typeof value === 'string' ? value.split(',').map((path) => path.trim()).filter((path) => path !== '') : []);

/** Every picture of a review as a thumbnail; a click opens them one after another. */
export function ReviewImages({ value }: { value: unknown }) {
  const { t } = useTranslation('reviews');
  const paths = picturesOf(value);
  if (paths.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap style={{ maxWidth: 180 }} data-testid="review-images">
        {paths.map((path, index) => (
          <span key={path} translate="no">
            <StoredImage value={path} alt={`${t('review.fields.picUrls')} ${index + 1}`} size={40} />
          </span>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** A score as stars, with its number for those who do not read stars. */
export function ScoreCell({ value }: { value: unknown }) {
  const { t } = useTranslation('reviews');
  const score = typeof value === 'number' ? value : Number(value ?? 0);
  return (
    <Space size={4} style={{ whiteSpace: 'nowrap' }}>
      <Rate disabled count={SCORE_MAX} value={score} style={{ fontSize: 12 }} aria-hidden />
      <Typography.Text type="secondary" aria-label={t('review.scoreText', { score })}>
        {score}
      </Typography.Text>
    </Space>
  );
}

/** The goods (linked to 商品详情) and the spec reviewed. */
export function GoodsCell({ record }: { record: ReviewRecord }) {
  return (
    <Space direction="vertical" size={0}>
      <RefField fieldRef="spu" record={record} field="spuId" />
      {record.specText ? <Typography.Text type="secondary">{String(record.specText)}</Typography.Text> : null}
    </Space>
  );
}

/** The reviewer as staff see them, marked 匿名 and with the source when it is not the buyer's own (虚拟评价, 系统默认好评). */
export function ReviewerCell({ record }: { record: ReviewRecord }) {
  const { t } = useTranslation('reviews');
  return (
    <Space size={4} wrap>
      <span translate="no">{String(record.nickname ?? '')}</span>
      {record.anonymous === true ? <Tag>{t('review.tags.anonymous')}</Tag> : null}
      {record.source !== REVIEW_SOURCE.buyer ? <DictValue dict={REVIEW_SOURCE_DICT} value={record.source} text={record.source_dictText} /> : null}
    </Space>
  );
}

/** Whether buyers see the review. */
export function VisibleCell({ value }: { value: unknown }) {
  const { t } = useTranslation('reviews');
  return value === false ? <Tag color="default">{t('review.tags.hidden')}</Tag> : <Tag color="green">{t('review.tags.shown')}</Tag>;
}

/** Prose of a review or reply in at most three lines, its whole text on hover. */
export function TextCell({ value }: { value: unknown }) {
  const text = typeof value === 'string' ? value : '';
  if (text === '') return <>-</>;
  return (
    <Typography.Paragraph ellipsis={{ rows: 3, tooltip: text }} style={{ marginBottom: 0, maxWidth: 280, whiteSpace: 'pre-line' }}>
      {text}
    </Typography.Paragraph>
  );
}
