import { Button, Input, Space } from 'antd';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableTableApi } from '../../../src/toolkit/editable-table';

/** Opens a row's sub-table by its source number; an unknown number finds no row, so the table reports 打开子表失败. */
export function SubTableOpener({ table }: { table: RefObject<EditableTableApi | null> }) {
  const { t } = useTranslation('showcaseMedia');
  const [source, setSource] = useState('');
  const open = () => {
    const api = table.current;
    if (api === null) return;
    const row = api.getRows().find((candidate) => candidate.sourceId === source.trim());
    void api.openSubTable(row?.id ?? '');
  };
  return (
    <Space.Compact>
      <Input aria-label={t('subTable.source')} placeholder={t('subTable.source')} value={source} onChange={(event) => setSource(event.target.value)} onPressEnter={open} style={{ width: 160 }} />
      <Button onClick={open} data-testid="open-sub-table">
        {t('subTable.open')}
      </Button>
    </Space.Compact>
  );
}
