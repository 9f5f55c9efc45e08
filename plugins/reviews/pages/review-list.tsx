import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityAction } from '../../../src/toolkit/crud';
import { useAccess } from '../../../src/toolkit/permission';
import { ReplyModal } from '../components/reply-modal';
import { GoodsCell, ReviewerCell, ReviewImages, ScoreCell, TextCell, VisibleCell } from '../components/review-cells';
import { REVIEW_TABS } from '../components/review-tabs';
import { VirtualReviewModal } from '../components/virtual-review-modal';
import { REVIEW_PERMISSIONS, REVIEW_URLS, reviewEntity, spuScoreEntity, type ReviewRecord } from '../entities';

/**
 * 商品评价 (yudao's 商品评论, CRMEB's 商品评论): tabs 全部 / 好评 / 中评 / 差评 / 有图 / 待回复 / 已隐藏 with counts, search by goods,
 * member, reviewer, source, score, pictures, reply, shown and time; each row with its goods, reviewer (匿名, 虚拟评价 and
 * 系统默认好评 marked), stars, words, every picture as a thumbnail and the shop's reply. 回复 / 修改回复, 隐藏 / 显示 and
 * 添加虚拟评价, each behind its code; hiding or showing moves the goods' score and count (商品详情's 评分 tab).
 */
export default function ReviewListPage() {
  const { t } = useTranslation(['reviews', 'crud']);
  const [replying, setReplying] = useState<ReviewRecord | null>(null);
  const [adding, setAdding] = useState(false);
  const virtualGate = useAccess(REVIEW_PERMISSIONS.virtual);
  // The answer's message shows; the lists and the goods' figures refresh themselves.
  const visibleAction = useEntityAction({ invalidates: [reviewEntity.table, spuScoreEntity.table], refusal: 'warning' });
  const setVisible = (record: ReviewRecord, visible: boolean) => visibleAction.run({ url: REVIEW_URLS.updateVisible, method: 'post', values: { id: String(record.id), visible } });
  return (
    <>
      <EntityListPage<ReviewRecord>
        entity={reviewEntity}
        statusTabs={REVIEW_TABS}
        permissionPrefix="goods:review"
        without={['create', 'edit', 'delete', 'batchDelete', 'import']}
        toolbarExtra={
          virtualGate.visible ? (
            <Button type="primary" icon={<PlusOutlined />} disabled={virtualGate.disabled} onClick={() => setAdding(true)}>
              {t('review.actions.addVirtual')}
            </Button>
          ) : null
        }
        renderers={{
          spuId: (_value, record) => <GoodsCell record={record} />,
          nickname: (_value, record) => <ReviewerCell record={record} />,
          goodsScore: (value) => <ScoreCell value={value} />,
          serviceScore: (value) => <ScoreCell value={value} />,
          deliveryScore: (value) => <ScoreCell value={value} />,
          content: (value) => <TextCell value={value} />,
          picUrls: (value) => <ReviewImages value={value} />,
          replyContent: (value) => <TextCell value={value} />,
          visible: (value) => <VisibleCell value={value} />,
        }}
        rowActions={() => [
          { key: 'reply', label: t('review.actions.reply'), code: REVIEW_PERMISSIONS.reply, showFor: (record) => record.replied !== true, onClick: (record) => setReplying(record) },
          { key: 'editReply', label: t('review.actions.editReply'), code: REVIEW_PERMISSIONS.reply, showFor: (record) => record.replied === true, onClick: (record) => setReplying(record) },
          { key: 'hide', label: t('review.actions.hide'), code: REVIEW_PERMISSIONS.visible, confirm: t('review.actions.hideConfirm'), showFor: (record) => record.visible !== false, onClick: (record) => setVisible(record, false) },
          { key: 'show', label: t('review.actions.show'), code: REVIEW_PERMISSIONS.visible, confirm: t('review.actions.showConfirm'), showFor: (record) => record.visible === false, onClick: (record) => setVisible(record, true) },
        ]}
      />
      <ReplyModal review={replying} onClose={() => setReplying(null)} />
      <VirtualReviewModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
