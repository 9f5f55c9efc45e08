import { DownOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { App, Button, Divider, Dropdown, Popconfirm, Space, Tooltip, type MenuProps, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccessMap, type Access } from '../permission';

export interface RowAction<T> {
  key: string;
  /** The button text (already translated). */
  label: string;
  /** Permission code (docs/spec.md §6): hidden or disabled as the user's lists say; none: always shown. */
  code?: string;
  /** A gate the screen decided itself (a code of another entity, a setting); hidden or disabled like `code`. */
  access?: Access;
  danger?: boolean;
  /** Asks first (Popconfirm inline, a confirm dialog under 更多) with this question. */
  confirm?: string | ((record: T) => string);
  /** Only for some rows (e.g. 发布 for a draft). */
  showFor?: (record: T) => boolean;
  onClick: (record: T) => unknown;
}

export interface RowActionsColumnOptions<T> {
  actions: ReadonlyArray<RowAction<T>>;
  /**
   * How many items the cell holds at most (default 2): a row with that many actions or fewer shows them all as links;
   * one with more shows the first `inline - 1` as links and the rest under 更多 ▾ — so the column is as narrow as two
   * links and every action stays reachable.
   */
  inline?: number;
}

/** The 操作 column's key: the list table keeps it at the right edge (sticky) when the table scrolls. */
export const ACTIONS_COLUMN_KEY = 'actions';

const questionOf = <T,>(action: RowAction<T>, record: T): string | undefined => (typeof action.confirm === 'function' ? action.confirm(record) : action.confirm);

/**
 * A row's actions in display order: the screen's order, but a dangerous one (删除, 关闭) never before a safe one, so
 * the links that show are the everyday ones and the destructive ones wait under 更多.
 */
export function orderedForRow<T>(actions: ReadonlyArray<RowAction<T>>, record: T): RowAction<T>[] {
  const shown = actions.filter((action) => action.showFor?.(record) ?? true);
  return [...shown.filter((action) => action.danger !== true), ...shown.filter((action) => action.danger === true)];
}

/** Which of a row's actions show as links and which go under 更多: all when they fit in `inline` items, else `inline - 1` and 更多. */
export function splitRowActions<T>(ordered: readonly T[], inline: number): { links: T[]; more: T[] } {
  if (ordered.length <= inline) return { links: [...ordered], more: [] };
  const links = Math.max(inline - 1, 0);
  return { links: ordered.slice(0, links), more: ordered.slice(links) };
}

/**
 * The 操作 column of every list: each action gated by its permission code (decided once per render from the lists
 * loaded at login, never per row or by request); a row's first action or two are links, the rest a 更多 ▾ menu, so
 * no action is ever clipped. The column has no fixed width: the list table lays it out at what it holds (no cell
 * wraps), and keeps it at the right edge when the table scrolls. null when no action can show.
 */
export function useRowActionsColumn<T extends BaseRecord>({ actions, inline = 2 }: RowActionsColumnOptions<T>): TableColumnType<T> | null {
  const { t } = useTranslation('crud');
  const { modal } = App.useApp();
  const codes = Object.fromEntries(actions.filter((action) => action.code !== undefined).map((action) => [action.key, action.code ?? '']));
  const byCode = useAccessMap(codes);
  const gateOf = (action: RowAction<T>): Access | undefined => action.access ?? byCode[action.key];
  const shown = actions.filter((action) => gateOf(action)?.visible !== false);
  if (shown.length === 0) return null;

  const link = (action: RowAction<T>, record: T) => {
    const gate = gateOf(action);
    const disabled = gate?.disabled === true;
    const question = questionOf(action, record);
    const button = (
      <Button type="link" size="small" danger={action.danger} disabled={disabled} onClick={question === undefined ? () => void action.onClick(record) : undefined}>
        {action.label}
      </Button>
    );
    const withReason = disabled && gate?.reason !== undefined ? <Tooltip title={gate.reason}>{button}</Tooltip> : button;
    if (question === undefined) return <span key={action.key}>{withReason}</span>;
    return (
      <Popconfirm key={action.key} title={question} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => action.onClick(record)} disabled={disabled}>
        {withReason}
      </Popconfirm>
    );
  };

  const moreMenu = (more: ReadonlyArray<RowAction<T>>, record: T) => {
    const items: MenuProps['items'] = more.map((action) => {
      const gate = gateOf(action);
      const disabled = gate?.disabled === true;
      return { key: action.key, danger: action.danger, disabled, label: disabled && gate?.reason !== undefined ? <Tooltip title={gate.reason}>{action.label}</Tooltip> : action.label };
    });
    const onClick: MenuProps['onClick'] = ({ key }) => {
      const action = more.find((candidate) => candidate.key === key);
      if (action === undefined) return;
      const question = questionOf(action, record);
      if (question === undefined) void action.onClick(record);
      else modal.confirm({ title: question, okText: t('ok'), cancelText: t('cancel'), okButtonProps: { danger: action.danger }, onOk: () => action.onClick(record) });
    };
    return (
      <Dropdown key="more" menu={{ items, onClick }} trigger={['click']}>
        <Button type="link" size="small" className="row-actions-more">
          {t('more')} <DownOutlined />
        </Button>
      </Dropdown>
    );
  };

  return {
    key: ACTIONS_COLUMN_KEY,
    title: t('actions'),
    fixed: 'right',
    render: (_value: unknown, record: T) => {
      const { links, more } = splitRowActions(orderedForRow(shown, record), inline);
      return (
        <Space split={<Divider type="vertical" />} size={0} className="row-actions">
          {links.map((action) => link(action, record))}
          {more.length > 0 ? moreMenu(more, record) : null}
        </Space>
      );
    },
  };
}
