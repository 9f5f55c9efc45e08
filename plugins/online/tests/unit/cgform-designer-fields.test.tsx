/**
 * 表单开发's designer edits every setting of a field's semantics: its default, its validation type (the presets of
 * docs/spec.md §5 among them), its dictionary code, table dictionary (dictTable / dictText) and popup settings; each is sent
 * to addAll in JeecgBoot's names.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CgformDesigner } from '../../components/cgform-designer';
import { renderInRefine } from '../../../../tests/unit/customers/list-harness';
import { useDesignerServer } from './designer-harness';

const posted = useDesignerServer();

const byLabel = (label: string) => document.querySelector<HTMLInputElement>(`[data-testid="cgform-fields"] input[aria-label="${label}"]`) as HTMLInputElement;

describe('the designer’s field settings', () => {
  it('sends the default, the validation preset and the table dictionary (a popup uses the same three inputs)', async () => {
    renderInRefine(<CgformDesigner target="new" onClose={() => undefined} onSaved={() => undefined} />, []);
    const tableName = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('#cgform_head_tableName');
      if (input === null) throw new Error('no designer yet');
      return input;
    });
    fireEvent.change(tableName, { target: { value: 'demo_order' } });
    fireEvent.change(document.querySelector('#cgform_head_tableTxt') as HTMLInputElement, { target: { value: '订单' } });
    fireEvent.change(byLabel('字段名'), { target: { value: 'supplier_id' } });
    fireEvent.change(byLabel('字段备注'), { target: { value: '供应商' } });
    fireEvent.change(byLabel('默认值'), { target: { value: 'S01' } });
    fireEvent.change(byLabel('字典code'), { target: { value: 'id' } });
    fireEvent.change(byLabel('字典表'), { target: { value: 'shop_supplier' } });
    fireEvent.change(byLabel('字典文本'), { target: { value: 'supplier_name' } });

    // The validation select offers the presets of docs/spec.md §5, the longer ones too.
    fireEvent.mouseDown(byLabel('校验'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByTitle('6到16位数字'));
    await waitFor(() => expect(document.querySelector('[data-testid="cgform-fields"] .ant-select-selection-item[title="6到16位数字"]')).not.toBeNull());

    fireEvent.click(screen.getByTestId('cgform-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      fields: [{ dbFieldName: 'supplier_id', dbDefaultVal: 'S01', dictField: 'id', dictTable: 'shop_supplier', dictText: 'supplier_name', fieldValidType: 'n6-16' }],
    });
  }, 60_000);
});
