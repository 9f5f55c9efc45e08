import type { RefKindView } from '../../src/toolkit/refs/ref-kinds';
import { memberEntity } from './entities';

/** 会员详情, kept alive in its own tab. */
export const MEMBER_DETAIL_PATH = '/cust/CustMember/detail';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A member named anywhere (a ledger's 用户, a coupon's owner) links to 会员详情; a form or search that asks for one
 * offers the members found by mobile (digits), member number (M100300) or name, each shown with all three.
 */
export const memberReference: RefKindView = {
  href: (id) => `${MEMBER_DETAIL_PATH}?id=${encodeURIComponent(id)}`,
  permission: 'cust:member:list',
  picker: {
    url: `${memberEntity.api}/list`,
    search: (keyword): Record<string, string> => {
      if (keyword === '') return {};
      if (/^\+?\d+$/.test(keyword)) return { mobile: `*${keyword}*` };
      if (/^[A-Za-z]+\d+$/.test(keyword)) return { memberNo: `*${keyword}*` };
      return { memberName: `*${keyword}*` };
    },
    label: (row) => {
      const name = text(row.memberName) || text(row.nickname);
      const no = text(row.memberNo);
      return [name, text(row.mobile), no === '' ? '' : `(${no})`].filter((part) => part !== '').join(' ');
    },
    byId: (id) => ({ url: `${memberEntity.api}/queryById`, query: { id } }),
  },
};
