/**
 * The popup picker as a form control (FieldDefinition control 'popup', the online form builder's popup field): it
 * opens the stored report through the popup toolkit and a chosen row fills the form's target fields pairwise.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../src/contracts/entity';
import { FieldInput } from '../../../src/toolkit/crud';
import { POPUP_API } from '../../../src/toolkit/popup/popup-api';
import { loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok } from '../providers/mock-adapter';

const CONFIG = {
  cgRpConfigId: 'rp1',
  cgRpConfigName: '供应商选择',
  columns: [
    { title: '供应商', dataIndex: 'supplier_name' },
    { title: '电话', dataIndex: 'phone' },
  ],
  dictOptions: {},
};
const records = [
  { id: 's1', supplier_name: '华南五金', phone: '13800138000' },
  { id: 's2', supplier_name: '华东电子', phone: '13900139000' },
];

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  mockServer((config) => {
    const url = config.url ?? '';
    if (url.startsWith(POPUP_API.columns)) return { status: 200, data: ok(CONFIG) };
    if (url.startsWith(POPUP_API.queryInfo)) return { status: 200, data: ok([]) };
    return { status: 200, data: ok({ records, total: records.length }) };
  });
});

const supplier: FieldDefinition = {
  type: 'string',
  label: '供应商',
  control: 'popup',
  popup: { report: 'supplier_pick', columns: ['supplier_name', 'phone'], targets: ['supplierName', 'contactPhone'] },
};

let formInstance: FormInstance | undefined;

function PopupForm() {
  const [form] = Form.useForm();
  formInstance = form;
  return (
    <Form form={form} name="f">
      <Form.Item name="supplierName" label="供应商">
        <FieldInput field={supplier} label="供应商" />
      </Form.Item>
      <Form.Item name="contactPhone" label="电话">
        <FieldInput field={{ type: 'string', label: '电话' }} label="电话" />
      </Form.Item>
    </Form>
  );
}

describe('the popup control', () => {
  it('opens the report and fills the target fields from the chosen row', async () => {
    renderInRefine(<PopupForm />, [], '/');
    fireEvent.click(screen.getByLabelText('供应商', { selector: 'input' }));
    const dialog = await screen.findByRole('dialog');
    const row = await within(dialog).findByText('华东电子');
    fireEvent.click(row);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(formInstance?.getFieldsValue()).toEqual({ supplierName: '华东电子', contactPhone: '13900139000' }));
    expect((screen.getByLabelText('供应商', { selector: 'input' }) as HTMLInputElement).value).toBe('华东电子');
  });

  it('refuses to open without its settings (docs/spec.md §5)', async () => {
    const unset: FieldDefinition = { ...supplier, popup: { report: 'supplier_pick', columns: ['supplier_name'], targets: ['supplierName', 'contactPhone'] } };
    renderInRefine(
      <Form>
        <Form.Item name="supplierName">
          <FieldInput field={unset} label="供应商" />
        </Form.Item>
      </Form>,
      [],
      '/',
    );
    fireEvent.click(screen.getByLabelText('供应商', { selector: 'input' }));
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
