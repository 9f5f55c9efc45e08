import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldEntries, isFormField, maxLengthOf, type ChildDefinition, type FieldDefinition } from '../../contracts/entity';
import { EditableTable, type EditableColumn, type EditableTableApi, type Row } from '../editable-table';
import type { ColumnType } from '../editable-table';
import { useChildGridRegistration, useChildGrids } from './child-grids';
import { patternMessage } from './field-rules';

const CELL_TYPES: Partial<Record<FieldDefinition['type'], ColumnType>> = {
  text: 'textarea',
  int: 'number',
  decimal: 'number',
  boolean: 'checkbox',
  date: 'date',
  datetime: 'datetime',
  image: 'image',
  file: 'file',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The types a pattern preset applies to (as on the server). */
const PATTERN_CELL_TYPES: ReadonlySet<FieldDefinition['type']> = new Set(['string', 'text', 'dict', 'int', 'decimal']);

/** The grid columns of a child definition: each form field as a cell of its type, with its default and its required, pattern and length rules. */
export function childColumns(child: ChildDefinition, t: Translate): EditableColumn[] {
  return fieldEntries(child.entity)
    .filter(([name, field]) => name !== child.foreignKey && isFormField(field) && field.readonly !== true && field.type !== 'password')
    .map(([name, field]) => {
      const title = t(field.label);
      const max = field.type === 'int' || field.type === 'decimal' ? undefined : maxLengthOf(field);
      const type: ColumnType = field.dict !== undefined ? 'dict-select' : (CELL_TYPES[field.type] ?? 'input');
      return {
        key: name,
        title,
        type,
        width: type === 'textarea' ? 220 : 160,
        ...(field.dict !== undefined ? { dictCode: field.dict } : {}),
        ...(field.type === 'date' ? { format: 'YYYY-MM-DD' } : {}),
        ...(field.type === 'boolean' ? { customValue: [true, false] as [unknown, unknown] } : {}),
        // A new row starts with the field's default, as the engine would store it.
        ...(field.defaultValue !== undefined ? { defaultValue: field.defaultValue } : {}),
        validateRules: [
          ...(field.required ? [{ required: true, message: t('crud:required', { label: title }) }] : []),
          ...(field.pattern !== undefined && PATTERN_CELL_TYPES.has(field.type) ? [{ pattern: field.pattern, message: patternMessage(field.pattern, title, (key, options) => t(`crud:${key}`, options)) }] : []),
          ...(max !== undefined
            ? [{ message: t('crud:maxLength', { label: title, max }), handler: (value: unknown) => (typeof value === 'string' && value.length > max ? t('crud:maxLength', { label: title, max }) : null) }]
            : []),
        ],
      };
    });
}

export interface EntityChildGridProps {
  childKey: string;
  child: ChildDefinition;
  /** The stored rows (the loaded record's `childKey`), as the form item's value. */
  value?: ReadonlyArray<Record<string, unknown>>;
}

/**
 * One child table of a master-detail form in the toolkit's editable table: rows added and removed in place, every
 * cell checked with its field's rules; the form collects the rows at save (stored rows keep their id, new ones go
 * without, so the engine adds them).
 */
export function EntityChildGrid({ childKey, child, value }: EntityChildGridProps) {
  const { t } = useTranslation(['crud', 'toolkit']);
  const table = useRef<EditableTableApi>(null);
  const columns = useMemo(() => childColumns(child, t), [child, t]);
  const rows = useMemo(() => (value ?? []).map((row) => ({ ...row, id: String(row.id) }) as Row), [value]);
  const storedIds = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const handle = useMemo(
    () => ({
      collect: () => {
        const api = table.current;
        if (api === null) return rows.map((row) => ({ ...row }));
        const { errors, values } = api.getValues({ validate: true });
        if (errors > 0) return null;
        return values.map(({ id, ...cells }) => {
          const kept = Object.fromEntries(columns.map((column) => [column.key, cells[column.key] ?? null]));
          return storedIds.has(String(id)) ? { id, ...kept } : kept;
        });
      },
    }),
    [columns, rows, storedIds],
  );
  useChildGridRegistration(childKey, handle);
  const grids = useChildGrids();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`child-grid-${childKey}`}>
      <Space>
        <Button size="small" icon={<PlusOutlined />} onClick={() => table.current?.addRows()}>
          {t('toolkit:childGrid.addRow')}
        </Button>
        <Button size="small" icon={<DeleteOutlined />} onClick={() => table.current?.removeSelected()}>
          {t('toolkit:childGrid.removeSelected')}
        </Button>
      </Space>
      <EditableTable ref={table} columns={columns} dataSource={rows} rowSelection height={Math.min(360, 48 + Math.max(rows.length, 3) * 40)} aria-label={t(child.label)} onEdit={grids?.edited} />
    </Space>
  );
}
