import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../src/toolkit/crud';
import { memberEntity, type MemberRecord } from '../entities';

/** Mainland mobile numbers (spec §5 mobile preset); the server checks the same. */
const MOBILE = /^1[3-9]\d{9}$/;

/**
 * 会员列表: the member list of the current tenant. Buttons follow the user's codes locally
 * (cust:member:add hidden without it, cust:member:delete disabled without it); the server
 * enforces the same codes.
 */
export default function MemberListPage() {
  const { t } = useTranslation('customers');
  const formRules = useMemo<Record<string, Rule[]>>(() => ({ phone: [{ pattern: MOBILE, message: t('member.badPhone') }] }), [t]);
  return <EntityListPage<MemberRecord> entity={memberEntity} formRules={formRules} />;
}
