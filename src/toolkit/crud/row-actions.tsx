import type { BaseRecord } from '@refinedev/core';
import { Button, Divider, Popconfirm, Space, Tooltip, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessMap } from '../permission';

export interface RowAction<T> {
  key: string;
  /** The button text (already translated). */
  label: string;
  /** Permission code (spec §6): hidden or disabled as the user's lists say; none: always shown. */
  code?: string;
  danger?: boolean;
  /** Asks first (Popconfirm) with this question. */
  confirm?: string;
  /** Only for some rows (e.g. 发布 for a draft). */
  showFor?: (record: T) => boolean;
  onClick: (record: T) => void | Promise<void>;
}

export interface RowActionsColumnOptions<T> {
  actions: ReadonlyArray<RowAction<T>>;
  /** Extra content after the actions (a screen's own links). */
  extra?: (record: T) => ReactNode;
  width?: number;
}

/**
 * The 操作 column: each action a link button gated by its permission code (decided once per render
 * from the lists loaded at login, never per row or by request). null when no action can show.
 */
export function useRowActionsColumn<T extends BaseRecord>({ actions, extra, width = 180 }: RowActionsColumnOptions<T>): TableColumnType<T> | null {
  const { t } = useTranslation('crud');
  const codes = Object.fromEntries(actions.filter((action) => action.code !== undefined).map((action) => [action.key, action.code ?? '']));
  const access = useAccessMap(codes);
  const shown = actions.filter((action) => access[action.key]?.visible !== false);
  if (shown.length === 0 && extra === undefined) return null;
  return {
    key: 'actions',
    title: t('actions'),
    fixed: 'right',
    width,
    render: (_value: unknown, record: T) => (
      <Space split={<Divider type="vertical" />} size={0}>
        {shown
          .filter((action) => action.showFor?.(record) ?? true)
          .map((action) => {
            const gate = access[action.key];
            const disabled = gate?.disabled === true;
            const button = (
              <Button type="link" size="small" danger={action.danger} disabled={disabled} onClick={action.confirm === undefined ? () => void action.onClick(record) : undefined}>
                {action.label}
              </Button>
            );
            const withReason = disabled && gate?.reason !== undefined ? <Tooltip title={gate.reason}>{button}</Tooltip> : button;
            if (action.confirm === undefined) return <span key={action.key}>{withReason}</span>;
            return (
              <Popconfirm key={action.key} title={action.confirm} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => action.onClick(record)} disabled={disabled}>
                {withReason}
              </Popconfirm>
            );
          })}
        {extra?.(record)}
      </Space>
    ),
  };
}
