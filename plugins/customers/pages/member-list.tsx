import { UserOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ContributedBatchActions, EntityListPage, type ListControls } from '../../../src/toolkit/crud';
import { MOBILE_PATTERN } from '../../../src/contracts/account';
import { StoredImage } from '../../../src/toolkit/upload';
import { AdjustModal, type AdjustKind } from '../components/adjust-modal';
import { LevelModal } from '../components/level-modal';
import { MEMBER_PERMISSIONS } from '../components/member-calls';
import { memberEntity, type MemberRecord } from '../entities';


/**
 * 会员列表: the member list of the current tenant. Buttons follow the user's codes locally
 * (cust:member:add hidden without it, cust:member:delete disabled without it); the server
 * enforces the same codes. Points and balance change only through 修改积分 / 修改余额, the level
 * follows growth or 修改等级 (with a reason).
 */
/** The member detail route (src/routing/static-routes.ts), opened in its own kept-alive tab. */
const MEMBER_DETAIL_PATH = '/cust/CustMember/detail';

export default function MemberListPage() {
  const { t } = useTranslation('customers');
  const formRules = useMemo<Record<string, Rule[]>>(() => ({ mobile: [{ pattern: MOBILE_PATTERN, message: t('member.badPhone') }] }), [t]);
  const [adjusting, setAdjusting] = useState<{ kind: AdjustKind; member: MemberRecord } | null>(null);
  const [leveling, setLeveling] = useState<MemberRecord | null>(null);
  const listRef = useRef<ListControls | null>(null);
  const navigate = useNavigate();
  const open = (kind: AdjustKind, member: MemberRecord, list: ListControls) => {
    listRef.current = list;
    setAdjusting({ kind, member });
  };
  return (
    <>
      <EntityListPage<MemberRecord>
        entity={memberEntity}
        formRules={formRules}
        // Batch actions other plugins add (营销: 发送优惠券) act on the selected members.
        toolbarExtra={(list) => (
          <ContributedBatchActions
            table={memberEntity.table}
            selected={list.selected}
            onDone={() => {
              list.clearSelection();
              list.refresh();
            }}
          />
        )}
        renderers={{
          avatar: (value, record) => (
            <StoredImage value={typeof value === 'string' ? value : null} shape="avatar" size={32} preview={false} fallback={<UserOutlined />} alt={String(record.nickname ?? record.memberName ?? '')} />
          ),
        }}
        rowActions={(list) => [
          { key: 'detail', label: t('member.actions.detail'), onClick: (record) => void navigate(`${MEMBER_DETAIL_PATH}?id=${encodeURIComponent(String(record.id))}`) },
          { key: 'points', label: t('member.actions.adjustPoints'), code: MEMBER_PERMISSIONS.adjustPoints, onClick: (record) => open('points', record, list) },
          { key: 'balance', label: t('member.actions.adjustBalance'), code: MEMBER_PERMISSIONS.adjustBalance, onClick: (record) => open('balance', record, list) },
          {
            key: 'level',
            label: t('member.actions.updateLevel'),
            code: MEMBER_PERMISSIONS.updateLevel,
            onClick: (record) => {
              listRef.current = list;
              setLeveling(record);
            },
          },
        ]}
      />
      <AdjustModal
        kind={adjusting?.kind ?? 'points'}
        member={adjusting?.member ?? null}
        onClose={() => setAdjusting(null)}
        onSaved={() => listRef.current?.refresh()}
      />
      <LevelModal member={leveling} onClose={() => setLeveling(null)} onSaved={() => listRef.current?.refresh()} />
    </>
  );
}
