/** 帮助文档: every section of the translators' help renders, and the search narrows it to what mentions the words. */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import zhHelp from '../../../../locales/zh-CN/help.json';
import { useLocales } from '../../../../tests/unit/use-locales';
import HelpCenterPage, { filterSections } from '../../pages/help-center';

useLocales('help');

const renderPage = () =>
  render(
    <App>
      <HelpCenterPage />
    </App>,
  );

describe('HelpCenterPage', () => {
  it('shows every section of the help with its paragraphs', () => {
    renderPage();
    for (const section of zhHelp.sections) expect(screen.getByRole('heading', { name: section.title })).toBeTruthy();
    expect(screen.getByText('会员等级：按成长值自动升降到达到门槛的最高等级；管理员也可以手动修改等级并填写原因。')).toBeTruthy();
  });

  it('narrows to the paragraphs that mention the keyword, and says so when nothing does', () => {
    renderPage();
    const search = screen.getByRole('searchbox', { name: '搜索帮助内容' });
    fireEvent.change(search, { target: { value: '回收站' } });
    expect(screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['商品与库存']);
    const goods = screen.getByRole('region', { name: '商品与库存' });
    expect(within(goods).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(search, { target: { value: '不存在的词' } });
    expect(screen.getByText('没有找到与“不存在的词”相关的内容')).toBeTruthy();
  });
});

describe('filterSections', () => {
  const sections = [
    { key: 'a', title: 'Stock', items: ['in and out', 'records'] },
    { key: 'b', title: 'Roles', items: ['grant stock rights', 'buttons'] },
  ];

  it('keeps a whole section whose title matches and only the matching paragraphs of the others', () => {
    expect(filterSections(sections, ' STOCK ')).toEqual([sections[0], { key: 'b', title: 'Roles', items: ['grant stock rights'] }]);
  });

  it('keeps everything for a blank keyword', () => {
    expect(filterSections(sections, '  ')).toEqual(sections);
  });
});
