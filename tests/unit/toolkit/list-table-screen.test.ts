/**
 * Issue 32, lists usable at 390 px: on a phone the row's key column (and the columns before it) stays at the left
 * edge and 操作 scrolls with the row; from a tablet up the columns are as the screen gave them. The key column of an
 * entity list is the definition's first list field that is not a picture.
 */
import type { TableColumnType } from 'antd';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../src/contracts/entity';
import { listKeyField } from '../../../src/toolkit/crud/columns';
import { columnsForScreen } from '../../../src/toolkit/crud/list-table';
import { ACTIONS_COLUMN_KEY } from '../../../src/toolkit/crud/row-actions';
import { tickColorOn } from '../../../src/shell/settings/primary-color-swatches';

type Row = Record<string, unknown>;
const columns: TableColumnType<Row>[] = [{ key: 'icon' }, { key: 'name' }, { key: 'status' }, { key: ACTIONS_COLUMN_KEY, fixed: 'right' }];
const fixedOf = (shown: TableColumnType<Row>[]) => shown.map((column) => column.fixed ?? null);

describe('columnsForScreen', () => {
  it('leaves the columns as they are from a tablet up (操作 at the right edge)', () => {
    expect(fixedOf(columnsForScreen(columns, false, 'name'))).toEqual([null, null, null, 'right']);
  });

  it('on a phone keeps the key column and those before it at the left edge, and lets 操作 scroll', () => {
    expect(fixedOf(columnsForScreen(columns, true, 'name'))).toEqual(['left', 'left', null, false]);
  });

  it('takes the first column as the key when none is named or the named one is not shown', () => {
    expect(fixedOf(columnsForScreen(columns, true))).toEqual(['left', null, null, false]);
    expect(fixedOf(columnsForScreen(columns, true, 'gone'))).toEqual(['left', null, null, false]);
  });
});

describe('listKeyField', () => {
  const entity = (fields: EntityDefinition['fields'], ledger?: boolean): EntityDefinition => ({ table: 't', api: '/t', permission: 't', fields, ledger });
  it('is the first list field that is not a picture or a file', () => {
    expect(listKeyField(entity({ icon: { type: 'image', label: 'i' }, name: { type: 'string', label: 'n' } }))).toBe('name');
    expect(listKeyField(entity({ memberNo: { type: 'string', label: 'm' }, avatar: { type: 'image', label: 'a' } }))).toBe('memberNo');
  });

  it('skips fields left out of the list or fixed by the screen, and is 时间 for a ledger', () => {
    expect(listKeyField(entity({ memberId: { type: 'string', label: 'm' }, remark: { type: 'text', label: 'r' }, point: { type: 'int', label: 'p' } }), ['memberId'])).toBe('point');
    expect(listKeyField(entity({ point: { type: 'int', label: 'p' } }, true))).toBe('createTime');
  });
});

describe('tickColorOn', () => {
  it('draws the tick of a light swatch in black and of a dark one in white', () => {
    expect(tickColorOn('#faad14')).toBe('#000000');
    expect(tickColorOn('#2f54eb')).toBe('#ffffff');
    expect(tickColorOn('#722ed1')).toBe('#ffffff');
  });
});
