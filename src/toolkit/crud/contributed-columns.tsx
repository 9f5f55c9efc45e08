import { useList, type BaseRecord } from '@refinedev/core';
import type { TableColumnType } from 'antd';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessMap } from '../permission';
import { ContributedColumnsContext, type ContributedColumns } from './contributed-columns-context';
import { fieldValueText } from './money';

export { ContributedColumnsContext, type ContributedColumns };

const EMPTY_IDS: readonly string[] = [];

/**
 * The figures of the shown page's rows: one request per contribution for the whole page (every cell asks the same
 * query, so Refine's cache answers all of them from one call), refreshed with the contributing entity's lists.
 */
function ContributedValue({ contribution, field, ids, id }: { contribution: ContributedColumns; field: string; ids: readonly string[]; id: string }) {
  const { entity, foreignKey } = contribution;
  const { result, query } = useList<BaseRecord>({
    resource: entity.table,
    meta: { api: entity.api },
    filters: [{ field: foreignKey, operator: 'in', value: ids }],
    pagination: { currentPage: 1, pageSize: ids.length, mode: 'server' },
    liveMode: 'auto',
    queryOptions: { enabled: ids.length > 0 },
  });
  if (query.isLoading || query.isError) return null;
  const definition = entity.fields[field];
  const value: unknown = result.data.find((record) => String(record[foreignKey]) === id)?.[field];
  // A row the entity has no record for has none of what it counts: a count reads 0, anything else a dash.
  if (value === undefined || value === null) return <>{definition?.type === 'int' ? '0' : '—'}</>;
  return <>{definition?.type === 'decimal' ? fieldValueText(definition, value) : String(value as string | number)}</>;
}

/**
 * The columns other plugins add to the list of `table`, for the rows shown (`rows`: the table's data source); a
 * contribution whose permission the user lacks is left out. Give them to the table before its actions column.
 */
export function useContributedColumns<T extends BaseRecord>(table: string, rows: readonly T[] | undefined): TableColumnType<T>[] {
  const contributions = useContext(ContributedColumnsContext)(table);
  const namespaces = useMemo(() => [...new Set(contributions.flatMap((contribution) => contribution.namespaces))], [contributions]);
  const { t } = useTranslation(namespaces);
  const access = useAccessMap(Object.fromEntries(contributions.map((contribution) => [contribution.key, contribution.permission])));
  const idsKey = (rows ?? []).map((row) => String(row.id)).join(',');
  const ids = useMemo(() => (idsKey === '' ? EMPTY_IDS : idsKey.split(',')), [idsKey]);
  // The access map is made afresh on every render: the columns change only when what it allows does.
  const allowed = contributions.filter((contribution) => access[contribution.key]?.visible === true).map((contribution) => contribution.key).join(',');
  return useMemo(
    () =>
      contributions
        .filter((contribution) => allowed.split(',').includes(contribution.key))
        .flatMap((contribution) =>
          contribution.fields.map((field): TableColumnType<T> => ({
            key: `${contribution.key}.${field}`,
            title: t(contribution.entity.fields[field]?.label ?? field),
            width: 100,
            render: (_value: unknown, record: T) => <ContributedValue contribution={contribution} field={field} ids={ids} id={String(record.id)} />,
          })),
        ),
    [contributions, allowed, t, ids],
  );
}
