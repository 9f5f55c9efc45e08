/** The pure parts of message templates: placeholders, filling them as text, test data. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, fillPlaceholders, parseTestData, placeholdersOf } from '../../entities';

describe('message templates', () => {
  it('finds each placeholder once, in order, across title and content', () => {
    expect(placeholdersOf('订单${orderNo}已发货', '单号 ${expressNo}，订单 ${orderNo}，${ bad } $x {y}')).toEqual(['orderNo', 'expressNo']);
    expect(placeholdersOf('没有参数')).toEqual([]);
  });

  it('fills known placeholders, escaping only when asked, and leaves unknown ones', () => {
    expect(fillPlaceholders('${a}-${b}', { a: '<b>1</b>' })).toBe('<b>1</b>-${b}');
    expect(fillPlaceholders('<p>${a}</p>', { a: '<script>x</script>' }, escapeHtml)).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
    // A value that looks like a placeholder is not filled again.
    expect(fillPlaceholders('${a}${b}', { a: '${b}', b: 'B' })).toBe('${b}B');
  });

  it('accepts test data only as a JSON object of strings', () => {
    expect(parseTestData('{"a":"1","b":"x"}')).toEqual({ a: '1', b: 'x' });
    expect(parseTestData({ a: '1' })).toEqual({ a: '1' });
    expect(parseTestData('')).toEqual({});
    for (const bad of ['{x', '[1]', '{"a":1}', '"s"', 'null', { a: 2 }, ['a'], null]) expect(parseTestData(bad), JSON.stringify(bad)).toBeNull();
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
