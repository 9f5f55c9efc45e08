/**
 * FieldDefinition.control (the online form builder's control types) in the toolkit's form: a textarea, radio
 * buttons and checkboxes over the field's dictionary, a switch with its type's values, a rich-text editor
 * loaded lazily; without a control, and in a search, the type's own control as before.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../../src/contracts/entity';
import { session } from '../../../src/providers/session';
import { FieldInput } from '../../../src/toolkit/crud';

beforeEach(() => {
  session.saveLogin({
    token: 't',
    userInfo: { id: 'u1', username: 'admin', realname: '管理员' },
    sysAllDictItems: {
      supplier_level: [
        { value: '1', text: '一级' },
        { value: '2', text: '二级' },
        { value: '3', text: '三级' },
      ],
    },
    departs: [],
    multi_depart: 0,
    tenantList: [],
  });
});

const field = (patch: Partial<FieldDefinition>): FieldDefinition => ({ type: 'string', label: '字段', ...patch });

describe('FieldInput controls', () => {
  it('textarea: a multi-line input that hands back the text', () => {
    const onChange = vi.fn();
    render(<FieldInput field={field({ control: 'textarea' })} label="备注" id="f_remark" value="旧" onChange={onChange} />);
    const input = document.querySelector('textarea#f_remark') as HTMLTextAreaElement;
    expect(input.value).toBe('旧');
    fireEvent.change(input, { target: { value: '第一行\n第二行' } });
    expect(onChange).toHaveBeenCalledWith('第一行\n第二行');
  });

  it('radio: one button per dictionary item, the chosen value handed back', () => {
    const onChange = vi.fn();
    render(<FieldInput field={field({ control: 'radio', dict: 'supplier_level' })} label="等级" value="1" onChange={onChange} />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(screen.getByLabelText('一级')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('二级'));
    expect(onChange).toHaveBeenCalledWith('2');
  });

  it('radio on a number field: values are numbers', () => {
    const onChange = vi.fn();
    render(<FieldInput field={field({ type: 'int', control: 'radio', dict: 'supplier_level' })} label="等级" value={3} onChange={onChange} />);
    expect(screen.getByLabelText('三级')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('一级'));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('checkbox: the checked items as one comma-separated value, none as null', () => {
    const onChange = vi.fn();
    const { rerender } = render(<FieldInput field={field({ control: 'checkbox', dict: 'supplier_level' })} label="等级" id="f_levels" value="1,3" onChange={onChange} />);
    expect(document.querySelector('#f_levels')).not.toBeNull();
    expect(screen.getByLabelText('一级')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('二级')).toHaveProperty('checked', false);
    expect(screen.getByLabelText('三级')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('二级'));
    expect(onChange).toHaveBeenLastCalledWith('1,2,3');
    rerender(<FieldInput field={field({ control: 'checkbox', dict: 'supplier_level' })} label="等级" value="2" onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('二级'));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('switch: Y/N on a text field, 1/0 on a number, true/false on a boolean', () => {
    const onText = vi.fn();
    const { unmount } = render(<FieldInput field={field({ control: 'switch' })} label="启用" value="N" onChange={onText} />);
    const textSwitch = screen.getByRole('switch');
    expect(textSwitch.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(textSwitch);
    expect(onText).toHaveBeenCalledWith('Y');
    unmount();

    const onNumber = vi.fn();
    const number = render(<FieldInput field={field({ type: 'int', control: 'switch' })} label="启用" value={1} onChange={onNumber} />);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch'));
    expect(onNumber).toHaveBeenCalledWith(0);
    number.unmount();

    const onBoolean = vi.fn();
    render(<FieldInput field={field({ type: 'boolean', control: 'switch' })} label="启用" value={false} onChange={onBoolean} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(onBoolean).toHaveBeenCalledWith(true);
  });

  it('richtext: the rich-text editor, loaded lazily, shows the HTML', async () => {
    render(<FieldInput field={field({ type: 'text', control: 'richtext' })} label="说明" value="<p>你好<strong>世界</strong></p>" onChange={vi.fn()} />);
    const editor = await waitFor(
      () => {
        const found = document.querySelector('[data-testid="field-richtext"] .ql-editor');
        if (found === null) throw new Error('editor not loaded yet');
        return found;
      },
      { timeout: 15_000 },
    );
    expect(editor.innerHTML).toContain('<strong>世界</strong>');
  });

  it('no control: the type control as before; a search ignores the control', () => {
    const onChange = vi.fn();
    const { unmount } = render(<FieldInput field={field({ dict: 'supplier_level' })} label="等级" id="f_plain" value="1" onChange={onChange} />);
    expect(document.querySelector('.ant-select')).not.toBeNull();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    unmount();
    render(<FieldInput field={field({ control: 'radio', dict: 'supplier_level' })} label="等级" search value="1" onChange={onChange} />);
    expect(document.querySelector('.ant-select')).not.toBeNull();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });
});
