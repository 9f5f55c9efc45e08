/** 系统信息 shows the log writer's failures as an alert, and nothing while there are none. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocales } from '../../../../tests/unit/use-locales';
import { LogWriterAlert } from '../../pages/system-info';

useLocales('monitor');

describe('the log writer alert', () => {
  it('is absent while every row was written', () => {
    const { container } = render(<LogWriterAlert figures={{ failedRows: 0, droppedRows: 0, recentFailures: [] }} />);
    expect(container.textContent).toBe('');
  });

  it('counts the rows not written and lists the recent ones with their reasons', () => {
    render(
      <LogWriterAlert
        figures={{
          failedRows: 2,
          droppedRows: 0,
          recentFailures: [{ failedAt: '2026-12-05 08:00:01', table: 'sys_log', row: '{"username":"bad-row"}', error: 'smallint out of range' }],
        }}
      />,
    );
    const alert = screen.getByTestId('monitor-log-writer-alert');
    expect(alert.textContent).toContain('日志写入失败：2 行未能写入，0 行因队列已满被丢弃');
    expect(alert.textContent).toContain('2026-12-05 08:00:01');
    expect(alert.textContent).toContain('smallint out of range');
    expect(alert.textContent).toContain('bad-row');
  });
});
