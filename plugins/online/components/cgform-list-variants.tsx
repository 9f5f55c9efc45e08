import type { BaseRecord } from '@refinedev/core';
import { Form, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { childEntries, fieldEntries, isFormField, type EntityDefinition } from '../../../src/contracts/entity';
import { EntityChildGrid, EntityFormItems, EntityListPage, entityColumns, LoadErrorAlert, useEntityRecord } from '../../../src/toolkit/crud';
import type { ThemeTemplate } from '../cgform-api';
import { CgformErpDetailList } from './cgform-erp-detail';
import { listProps, type LoadedCgform } from './cgform-gate';

type Row = BaseRecord & { id?: string | number };

/** The list variant a form asks for: a tree is always the tree list; a main table its themeTemplate. */
export function variantOf(form: LoadedCgform): ThemeTemplate | 'tree' {
  if (form.entity.tree !== undefined) return 'tree';
  return childEntries(form.entity).length > 0 ? form.answer.themeTemplate : 'normal';
}

/** OnlCgformAutoList and OnlCgformTreeList: the toolkit's list (a tree entity's list is a tree, with 添加下级). */
export function CgformStandardList({ form }: { form: LoadedCgform }) {
  const { key, ...props } = listProps(form);
  return <EntityListPage key={key} {...props} />;
}

/** The tab variant's dialog: the main fields in the first tab, each sub table's rows in a tab of its own. */
export function CgformTabFormBody({ entity, editId }: { entity: EntityDefinition; editId: string | undefined }) {
  const { t } = useTranslation('online');
  const main = fieldEntries(entity)
    .filter(([, field]) => isFormField(field))
    .map(([name]) => name);
  return (
    <Tabs
      size="small"
      items={[
        // Every tab stays mounted: its fields and grids are validated and saved with the others.
        { key: 'main', label: entity.title !== undefined ? t(entity.title) : t('variants.mainTab'), forceRender: true, children: <EntityFormItems entity={entity} editId={editId} only={main} /> },
        ...childEntries(entity).map(([key, child]) => ({
          key,
          label: t(child.label),
          forceRender: true,
          children: (
            <Form.Item name={key}>
              <EntityChildGrid childKey={key} child={child} />
            </Form.Item>
          ),
        })),
      ]}
    />
  );
}

/** tab/OnlCgformTabList: the list, its add/edit dialog with the main fields and each sub table as tabs. */
export function CgformTabList({ form }: { form: LoadedCgform }) {
  const { key, ...props } = listProps(form);
  return <EntityListPage key={key} {...props} formModal={(modal) => form.formModal(modal, (editId) => <CgformTabFormBody entity={form.entity} editId={editId} />)} />;
}

/** One main row's sub rows, read-only, a small table per sub table (its record read with its rows). */
export function CgformInnerRows({ entity, id }: { entity: EntityDefinition; id: string }) {
  const { t } = useTranslation('online');
  const { record, loading, isError, retry } = useEntityRecord<Row>(entity, id);
  if (isError) return <LoadErrorAlert error={t('auto.loadFailed')} onRetry={retry} />;
  return (
    <>
      {childEntries(entity).map(([key, child]) => {
        const rows = Array.isArray(record?.[key]) ? (record[key] as Row[]) : [];
        return (
          <Table<Row>
            key={key}
            data-testid={`inner-${key}`}
            size="small"
            rowKey="id"
            loading={loading}
            pagination={false}
            title={() => t(child.label)}
            columns={entityColumns<Row>(child.entity, t)}
            dataSource={rows}
            style={{ marginBottom: 8 }}
          />
        );
      })}
    </>
  );
}

/** innerTable/OnlCgformInnerTableList: each main row expands to show its sub rows. */
export function CgformInnerTableList({ form }: { form: LoadedCgform }) {
  const { key, ...props } = listProps(form);
  return <EntityListPage key={key} {...props} tableExtra={{ expandable: { expandedRowRender: (row: Row) => <CgformInnerRows entity={form.entity} id={String(row.id)} /> } }} />;
}

/** The list a form asks for (`/online/cgformList/:code`). */
export function CgformVariantList({ form }: { form: LoadedCgform }) {
  switch (variantOf(form)) {
    case 'erp':
      return <CgformErpDetailList form={form} />;
    case 'tab':
      return <CgformTabList form={form} />;
    case 'innerTable':
      return <CgformInnerTableList form={form} />;
    default:
      return <CgformStandardList form={form} />;
  }
}
