/**
 * 表单开发's designer, tree and list-variant settings: a single table may be a tree (its label field chosen among
 * the fields, its engine columns named or left to the defaults), a main table picks its list style; what is sent
 * follows the table type.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CgformDesigner } from '../../components/cgform-designer';
import { renderInRefine } from '../../../../tests/unit/customers/list-harness';
import { useDesignerServer } from './designer-harness';

const posted = useDesignerServer<{ head: Record<string, unknown> }>();

const LONG = { timeout: 20_000 };
const byLabel = (label: string) => [...document.querySelectorAll<HTMLInputElement>(`[data-testid="cgform-fields"] input[aria-label="${label}"]`)];
const headItem = (label: string) => [...document.querySelectorAll('.ant-form-item')].find((item) => item.querySelector('label')?.textContent === label) ?? null;

/** Opens an antd Select of the head form by its label and picks an option by its text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(headItem(label)?.querySelector('.ant-select-selector') as HTMLElement);
  const found = await waitFor(() => {
    const item = [...document.querySelectorAll('.ant-select-item-option')].find((candidate) => candidate.textContent === option);
    if (item === undefined) throw new Error(`no option ${option}`);
    return item;
  }, LONG);
  fireEvent.click(found);
}

async function openNew() {
  renderInRefine(<CgformDesigner target="new" onClose={() => undefined} onSaved={() => undefined} />, []);
  const tableName = await waitFor(() => document.querySelector<HTMLInputElement>('#cgform_head_tableName') ?? Promise.reject(new Error('no designer yet')), LONG);
  fireEvent.change(tableName, { target: { value: 'demo_category' } });
  fireEvent.change(document.querySelector('#cgform_head_tableTxt') as HTMLInputElement, { target: { value: '产品分类' } });
  fireEvent.change(byLabel('字段名')[0] as HTMLInputElement, { target: { value: 'name' } });
  fireEvent.change(byLabel('字段备注')[0] as HTMLInputElement, { target: { value: '名称' } });
}

describe('the designer’s tree and list settings', () => {
  it('makes a single table a tree with its label field, the column names left to the defaults', async () => {
    await openNew();
    expect(headItem('列表风格')).toBeNull();
    expect(headItem('树显示字段')).toBeNull();
    fireEvent.click(headItem('树表')?.querySelector('button[role="switch"]') as HTMLElement);
    await waitFor(() => expect(headItem('树显示字段')).not.toBeNull(), LONG);
    expect((headItem('父级字段')?.querySelector('input') as HTMLInputElement).placeholder).toBe('pid');
    await pick('树显示字段', 'name');
    fireEvent.click(screen.getByTestId('cgform-save'));
    await waitFor(() => expect(posted).toHaveLength(1), LONG);
    expect(posted[0]?.head).toMatchObject({ tableType: 1, isTree: 'Y', treeFieldname: 'name', treeParentIdField: null, treeIdField: null, themeTemplate: 'normal' });
  }, 60_000);

  it('gives a main table a list style instead, and never sends it as a tree', async () => {
    await openNew();
    await pick('表类型', '主表');
    await waitFor(() => expect(headItem('列表风格')).not.toBeNull(), LONG);
    expect(headItem('树表')).toBeNull();
    await pick('列表风格', 'ERP');
    fireEvent.click(screen.getByTestId('cgform-save'));
    await waitFor(() => expect(posted).toHaveLength(1), LONG);
    expect(posted[0]?.head).toMatchObject({ tableType: 2, isTree: 'N', themeTemplate: 'erp' });
  }, 60_000);
});
