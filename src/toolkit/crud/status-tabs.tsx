import { useList, type CrudFilter } from '@refinedev/core';
import { Badge, Tabs, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition } from '../../contracts/entity';
import { useUrlParam } from './use-url-params';

/** One tab above a list: its label (i18n key) and the filters it applies (none: everything). */
export interface StatusTab {
  key: string;
  label: string;
  filters: CrudFilter[];
}

/**
 * The status tab in the URL (`?<urlKey>=<key>`, default the first tab) and the filters it applies:
 * give `filters` to useEntityList, `tabs` to <StatusTabs>.
 */
export function useStatusTab(tabs: readonly StatusTab[], urlKey = 'tab') {
  const [value, setValue] = useUrlParam(urlKey);
  const active = tabs.find((tab) => tab.key === value) ?? tabs[0];
  return { active: active?.key, filters: active?.filters ?? [], select: (key: string) => setValue(key === tabs[0]?.key ? null : key) };
}

/**
 * The count of one tab: a `useList` of page size 1 reads only the total (one small request per tab).
 * It shares the entity's cache key family, so a write anywhere refreshes the counts with the lists.
 */
function TabCount({ entity, filters, fixedValues }: { entity: EntityDefinition; filters: CrudFilter[]; fixedValues?: Record<string, string> }) {
  const { result } = useList({
    resource: entity.table,
    meta: { api: entity.api, params: fixedValues },
    pagination: { currentPage: 1, pageSize: 1, mode: 'server' },
    filters,
    liveMode: 'auto',
  });
  return <TabCountBadge count={result.total ?? 0} />;
}

/**
 * The count beside a tab's title, in every list: a neutral pill from the theme's tokens, so it reads in the light and
 * the dark theme alike (text at AA on its fill); the data-testid carries the tab's key for the tests.
 */
export function TabCountBadge({ count, testId }: { count: number; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <Badge
      className="tab-count"
      count={count}
      showZero
      overflowCount={99_999}
      color={token.colorFillSecondary}
      style={{ marginInlineStart: 6, color: token.colorText, boxShadow: 'none' }}
      data-testid={testId}
    />
  );
}

export interface StatusTabsProps {
  entity: EntityDefinition;
  tabs: readonly StatusTab[];
  active: string | undefined;
  onChange: (key: string) => void;
  /** The list's fixed parameters, so counts match the list. */
  fixedValues?: Record<string, string>;
}

/** Tabs with counts above a list (e.g. goods: 全部 / 上架 / 下架; orders by status). */
export function StatusTabs({ entity, tabs, active, onChange, fixedValues }: StatusTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="crud-status-tabs"
      activeKey={active}
      onChange={onChange}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: (
          <span>
            {t(tab.label)}
            <TabCount entity={entity} filters={tab.filters} fixedValues={fixedValues} />
          </span>
        ),
      }))}
    />
  );
}
