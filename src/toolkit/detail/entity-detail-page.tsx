import type { BaseRecord } from '@refinedev/core';
import { Card, Empty, Spin, Tabs } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { plainNameOf, type EntityDefinition } from '../../contracts/entity';
import { EntityListPage } from '../crud/entity-list-page';
import { LoadErrorAlert } from '../crud/load-error-alert';
import { useEntityRecord } from '../crud/use-record';
import { useUrlParam } from '../crud/use-url-params';
import { useAccessMap } from '../permission';
import { EntityDescriptions } from './entity-descriptions';
import { useContributedLists, type RelatedList } from './related-list';
import { RecordHistory } from './record-history';
import { usePageSubtitle } from './page-subtitle';

export interface EntityDetailPageProps {
  entity: EntityDefinition;
  /** Related lists as tabs under the descriptions (each a list of the toolkit, its dialogs in the URL). */
  related?: readonly RelatedList[];
  /** Extra tabs (e.g. a StateTimeline of the record's state log). */
  extraTabs?: (record: BaseRecord) => Array<{ key: string; label: string; children: ReactNode }>;
  /** The header card's title from the record (default: the entity's title). */
  title?: (record: BaseRecord) => ReactNode;
}

function RelatedTab({ list, parentId }: { list: RelatedList; parentId: string }) {
  const fixedValues = useMemo(() => ({ [list.foreignKey]: parentId }), [list.foreignKey, parentId]);
  // Another plugin's list needs its namespaces (loaded here, once, when the tab first shows).
  const { ready } = useTranslation(list.namespaces === undefined ? [] : [...list.namespaces]);
  if (!ready) return <Spin />;
  return <EntityListPage entity={list.entity} fixedValues={fixedValues} urlPrefix={list.key} card={false} />;
}

/**
 * The tabs of a detail page's related lists: the page's own, then those other plugins add to `table`;
 * a list whose permission the user lacks is left out. Pages with a layout of their own use it too.
 */
export function useRelatedTabs(table: string, parentId: string | null, related: readonly RelatedList[] = NONE): Array<{ key: string; label: string; children: ReactNode }> {
  const contributed = useContributedLists(table);
  const all = useMemo(() => [...related, ...contributed], [related, contributed]);
  // The tab titles of another plugin's lists are in its namespaces: load them with the page.
  const namespaces = useMemo(() => [...new Set(['crud', ...all.flatMap((list) => list.namespaces ?? [])])], [all]);
  const { t } = useTranslation(namespaces);
  const gated = all.filter((list) => list.permission !== undefined);
  const access = useAccessMap(Object.fromEntries(gated.map((list) => [list.key, list.permission ?? ''])));
  if (parentId === null) return [];
  return all
    .filter((list) => list.permission === undefined || access[list.key]?.visible === true)
    .map((list) => ({ key: list.key, label: t(list.label), children: <RelatedTab list={list} parentId={parentId} /> }));
}

const NONE: readonly RelatedList[] = [];

/**
 * A detail page kept alive in its tab, the record named by `?id=` (a reload shows it again): a header
 * card with the definition's descriptions, then tabs of related lists filtered by the record's id.
 */
export function EntityDetailPage({ entity, related = [], extraTabs, title }: EntityDetailPageProps) {
  const { t } = useTranslation(['crud', 'toolkit']);
  const [id] = useUrlParam('id');
  const { record, loading, isError, retry } = useEntityRecord<BaseRecord>(entity, id);
  const tabs = useRelatedTabs(entity.table, id, related);
  // Its tab names the record (会员详情 · its number).
  usePageSubtitle(record === undefined ? null : plainNameOf(entity, record));
  if (id === null) return <Empty description={t('empty')} />;
  return (
    <Spin spinning={loading}>
      <LoadErrorAlert error={isError ? t('loadError') : null} onRetry={retry} style={{ marginBottom: 16 }} />
      {record !== undefined ? (
        <>
          <Card className="entity-detail-header" title={title !== undefined ? title(record) : entity.title !== undefined ? t(entity.title) : undefined} style={{ marginBottom: 16 }}>
            <EntityDescriptions entity={entity} record={record} />
          </Card>
          <Card>
            <Tabs
              items={[
                ...tabs,
                ...(extraTabs?.(record) ?? []),
                { key: 'history', label: t('toolkit:history.tab'), children: <RecordHistory entity={entity} id={id} /> },
              ]}
            />
          </Card>
        </>
      ) : null}
    </Spin>
  );
}
