import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../src/toolkit/crud';
import { addressEntity, type AddressRecord } from '../entities';

const MOBILE = /^1[3-9]\d{9}$/;

/** 收货地址: members' addresses; one default per member (a new default replaces the old one). */
export default function AddressListPage() {
  const { t } = useTranslation('customers');
  const formRules = useMemo<Record<string, Rule[]>>(() => ({ mobile: [{ pattern: MOBILE, message: t('member.badPhone') }] }), [t]);
  return <EntityListPage<AddressRecord> entity={addressEntity} formRules={formRules} without={['import']} />;
}
