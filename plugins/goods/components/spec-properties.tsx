import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { AutoComplete, Button, Card, Form, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../src/toolkit/dict/dict-select';
import { randomId } from '../../../src/toolkit/utils';
import { ATTR_TYPE, attrEntity, TYPE_DICT, type AttrRecord } from '../entities';
import { splitInputList } from './attr-form';
import type { SpecProperty } from './sku-grid';

/** Values typed with a comma, the Chinese one (U+FF0C) included, become separate tags. */
const TOKEN_SEPARATORS = [',', String.fromCharCode(0xff0c)];

/** The 规格 attributes of a type (at most 200, far more than a type holds). */
function useSpecAttributes(typeId: string | undefined) {
  const { result } = useList<AttrRecord>({
    resource: attrEntity.table,
    meta: { api: attrEntity.api },
    pagination: { currentPage: 1, pageSize: 200, mode: 'server' },
    filters: [
      { field: 'typeId', operator: 'eq', value: typeId },
      { field: 'type', operator: 'eq', value: ATTR_TYPE.spec },
    ],
    queryOptions: { enabled: typeId !== undefined },
  });
  return typeId === undefined ? [] : (result.data ?? []);
}

/**
 * The properties of a multi-spec SPU: each a name — picked from the 规格 attributes of a type, or typed —
 * and its values as tags (the attribute's 可选值列表 offered). Every change hands the whole list up,
 * which regenerates the SKU grid.
 */
export function SpecProperties({ value, onChange }: { value: readonly SpecProperty[]; onChange: (next: SpecProperty[]) => void }) {
  const { t } = useTranslation('goods');
  const [typeId, setTypeId] = useState<string | undefined>(undefined);
  const attributes = useSpecAttributes(typeId);
  const byName = useMemo(() => new Map(attributes.map((attr) => [String(attr.name ?? ''), attr])), [attributes]);

  const update = (key: string, patch: Partial<SpecProperty>) => onChange(value.map((spec) => (spec.key === key ? { ...spec, ...patch } : spec)));
  const rename = (key: string, name: string) => {
    const attr = byName.get(name.trim());
    update(key, { name, propertyId: attr?.id !== undefined ? String(attr.id) : undefined });
  };

  return (
    <Card size="small" title={t('spu.spec.title')} style={{ marginBottom: 16 }}>
      <Form.Item label={t('spu.spec.fromType')} extra={t('spu.spec.fromTypeHint')}>
        <DictSelect dictCode={TYPE_DICT} value={typeId} onChange={(next) => setTypeId(next === undefined || next === null ? undefined : String(next))} placeholder={t('spu.spec.fromType')} style={{ maxWidth: 320 }} />
      </Form.Item>
      {value.map((spec, index) => {
        const attr = byName.get(spec.name.trim());
        const offered = splitInputList(attr?.inputList).map((item) => ({ value: item, label: item }));
        return (
          <Space key={spec.key} align="start" wrap style={{ display: 'flex', marginBottom: 12 }} data-testid="spec-property">
            <Typography.Text style={{ lineHeight: '32px' }}>{t('spu.spec.index', { index: index + 1 })}</Typography.Text>
            <AutoComplete
              value={spec.name}
              options={attributes.map((candidate) => ({ value: String(candidate.name ?? '') }))}
              onChange={(name: string) => rename(spec.key, name)}
              placeholder={t('spu.spec.name')}
              aria-label={t('spu.spec.name')}
              status={spec.name.trim() === '' ? 'warning' : undefined}
              style={{ width: 200 }}
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
            />
            <Select
              mode="tags"
              value={spec.values.map((item) => item.name)}
              options={offered}
              onChange={(names: string[]) => update(spec.key, { values: [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))].map((name) => ({ name })) })}
              placeholder={t('spu.spec.values')}
              aria-label={t('spu.spec.values')}
              tokenSeparators={TOKEN_SEPARATORS}
              style={{ minWidth: 360 }}
            />
            <Button icon={<DeleteOutlined />} danger aria-label={t('spu.spec.remove')} onClick={() => onChange(value.filter((candidate) => candidate.key !== spec.key))} />
          </Space>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...value, { key: randomId(), name: '', values: [] }])}>
        {t('spu.spec.add')}
      </Button>
    </Card>
  );
}
