/** The shared report pieces rendered: a figure's 环比 (↑/↓, '—' on a zero reference) and a share table's percentages. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocales } from '../../../../tests/unit/use-locales';
import { MetricCard } from '../../components/metric-card';
import { SharePie } from '../../components/share-pie';

useLocales('reports');

describe('MetricCard', () => {
  it('shows the figure, 环比 against its reference and the reference itself', () => {
    render(<MetricCard data-testid="m" title="昨日支付金额" value="120.00" previous="100.00" previousLabel="前日" formula="公式" />);
    expect(screen.getByTestId('m-value').textContent).toBe('120.00');
    expect(screen.getByTestId('m-ratio').textContent?.trim()).toBe('20.00%');
    expect(screen.getByLabelText('arrow-up')).toBeTruthy();
    expect(screen.getByText('前日 100.00')).toBeTruthy();
    expect(screen.getByLabelText('计算方式')).toBeTruthy();
  });

  it('reads 环比 from money as the cards show it (¥ and separators)', () => {
    render(<MetricCard data-testid="m" title="本月支付金额" value="¥1,200.00" previous="¥1,000.00" previousLabel="上月同期" />);
    expect(screen.getByTestId('m-value').textContent).toBe('¥1,200.00');
    expect(screen.getByTestId('m-ratio').textContent?.trim()).toBe('20.00%');
  });

  it("shows '—' when the reference is 0, and no 环比 without a reference", () => {
    const { unmount } = render(<MetricCard data-testid="m" title="订单数" value="5" previous="0" />);
    expect(screen.getByTestId('m-ratio').textContent).toBe('—');
    unmount();
    render(<MetricCard data-testid="m" title="订单数" value="5" />);
    expect(screen.queryByTestId('m-ratio')).toBeNull();
  });
});

describe('SharePie', () => {
  it('lists each share with its count, amount and exact percentage, and says when there is none', () => {
    const { unmount } = render(
      <SharePie
        data-testid="p"
        rows={[
          { key: 'demo', label: '模拟支付', count: 1, amount: '10.5' },
          { key: 'cash', label: '现金', count: 2, amount: '3' },
        ]}
      />,
    );
    const rows = screen.getByTestId('p').querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect([...rows].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['模拟支付', '1', '¥10.50', '33.33%'],
      ['现金', '2', '¥3.00', '66.67%'],
    ]);
    unmount();
    render(<SharePie rows={[]} />);
    expect(screen.getByText('所选时间段没有数据')).toBeTruthy();
  });
});
