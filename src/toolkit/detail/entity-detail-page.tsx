import type { BaseRecord } from '@refinedev/core';
import { Card, Empty, Spin, Tabs } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition } from '../../contracts/entity';
import { EntityListPage } from '../crud/entity-list-page';
import { LoadErrorAlert } from '../crud/load-error-alert';
import { useEntityRecord } from '../crud/use-record';
import { useUrlParam } from '../crud/use-url-params';
import { useAccessMap } from '../permission';
import { EntityDescriptions } from './entity-descriptions';
import { useContributedLists, type RelatedList } from './related-list';

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

/** The page's own lists, then those other plugins add; a list whose permission the user lacks is left out. */
function useVisibleLists(entity: EntityDefinition, related: readonly RelatedList[]): RelatedList[] {
  const contributed = useContributedLists(entity.table);
  const all = useMemo(() => [...related, ...contributed], [related, contributed]);
  const gated = all.filter((list) => list.permission !== undefined);
  const access = useAccessMap(Object.fromEntries(gated.map((list) => [list.key, list.permission ?? ''])));
  return all.filter((list) => list.permission === undefined || access[list.key]?.visible === true);
}

/**
 * A detail page kept alive in its tab, the record named by `?id=` (a reload shows it again): a header
 * card with the definition's descriptions, then tabs of related lists filtered by the record's id.
 */
export function EntityDetailPage({ entity, related = [], extraTabs, title }: EntityDetailPageProps) {
  const { t } = useTranslation('crud');
  const [id] = useUrlParam('id');
  const { record, loading, isError, retry } = useEntityRecord<BaseRecord>(entity, id);
  const lists = useVisibleLists(entity, related);
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
                ...lists.map((list) => ({ key: list.key, label: t(list.label), children: <RelatedTab list={list} parentId={id} /> })),
                ...(extraTabs?.(record) ?? []),
              ]}
            />
          </Card>
        </>
      ) : null}
    </Spin>
  );
}
