import { describe, expect, it } from 'vitest';
import { hrefProblem, reportHref } from '../../cgreport-api';

/** 报表配置 column links: what may be saved, and how a row fills one. */
describe('report column links', () => {
  const columns = ['order_id', 'member_name'];

  it('accepts product paths and http(s) addresses whose placeholders are columns', () => {
    expect(hrefProblem('/saleorder/detail?id=${order_id}', columns)).toBeNull();
    expect(hrefProblem('https://example.com/m/${member_name}', columns)).toBeNull();
    expect(hrefProblem('/cust/custMemberList', columns)).toBeNull();
  });

  it('refuses other schemes, protocol-relative and malformed links, and unknown columns', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example/x', 'detail?id=1', '/a b', '/x"onmouseover="1', `/${'a'.repeat(500)}`, 'https:///x']) {
      expect(hrefProblem(href, columns), href).toBe('shape');
    }
    expect(hrefProblem('/saleorder/detail?id=${password}', columns)).toEqual({ unknownColumn: 'password' });
  });

  it('fills each placeholder with the row value, URL-encoded, and a missing value with nothing', () => {
    expect(reportHref('/saleorder/detail?id=${order_id}&who=${member_name}', { order_id: 'A1/2', member_name: '张 三&' })).toBe('/saleorder/detail?id=A1%2F2&who=%E5%BC%A0%20%E4%B8%89%26');
    expect(reportHref('/x?id=${order_id}', { order_id: null })).toBe('/x?id=');
  });
});
