import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../src/toolkit/crud';
import { customerEntity, type CustomerRecord } from '../entities';

const MOBILE = /^1[3-9]\d{9}$/;

/** 客户列表: the organisations the shop sells to directly (name, tax no, bank, address, contacts). */
export default function CustomerListPage() {
  const { t } = useTranslation('customers');
  const formRules = useMemo<Record<string, Rule[]>>(() => ({ contactMobile: [{ pattern: MOBILE, message: t('member.badPhone') }] }), [t]);
  return <EntityListPage<CustomerRecord> entity={customerEntity} formRules={formRules} />;
}
