import { Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EditableTable, type EditableColumn, type Row } from '../../../src/toolkit/editable-table';
import { UploadWidget, type UploadWidgetValue } from '../../../src/toolkit/upload';

/** The URL query key holding the stored picture paths, so a reload shows them again from the server. */
export const STORED_PICTURES_PARAM = 'storedPictures';
const STORED_ROW_ID = 'stored-picture-row';

/** Stored values shown again after a reload: an image widget and a table image cell, both from stored paths. */
export function StoredValuesDemo() {
  const { t } = useTranslation('showcaseMedia');
  const [params, setParams] = useSearchParams();
  const stored = params.get(STORED_PICTURES_PARAM) ?? '';
  const columns = useMemo<EditableColumn[]>(
    () => [
      { key: 'name', title: t('stored.name'), type: 'input', width: 160 },
      { key: 'picture', title: t('stored.picture'), type: 'image', width: 200, token: true },
    ],
    [t],
  );
  const rows = useMemo<Row[]>(() => [{ id: STORED_ROW_ID, name: t('stored.rowName'), picture: stored.split(',')[0] ?? '' }], [t, stored]);

  const keep = (value: UploadWidgetValue) => {
    const paths = typeof value === 'string' ? value : value.map((entry) => entry.filePath).join(',');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (paths === '') next.delete(STORED_PICTURES_PARAM);
        else next.set(STORED_PICTURES_PARAM, paths);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Card title={t('stored.title')} data-testid="stored-demo">
      <Typography.Paragraph type="secondary">{t('stored.hint')}</Typography.Paragraph>
      <div data-testid="stored-pictures" style={{ paddingBottom: 24 }}>
        <UploadWidget fileType="image" number={2} value={stored} onChange={keep} />
      </div>
      {/* Keyed on the value: RowStore.setRows does not yet refresh the cells of a row that keeps its id. */}
      <EditableTable key={stored} aria-label={t('stored.tableLabel')} columns={columns} dataSource={rows} height={120} />
    </Card>
  );
}
