import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLengthOf, type FieldDefinition } from '../../contracts/entity';
import { itemText } from '../dict/dict-cache';
import { DictSelect, useDictItems } from '../dict/dict-select';
import { PopupField } from '../popup';
import { RefInput } from '../refs/ref-select';

// The product's rich-text editor (Quill), fetched only when a form shows a rich-text field.
const RichTextEditor = lazy(async () => {
  const [quill] = await Promise.all([import('react-quill-new'), import('react-quill-new/dist/quill.snow.css')]);
  return quill;
});

type ControlProps = { value?: unknown; onChange?: (value: unknown) => void; onBlur?: () => void; disabled?: boolean; id?: string };

const numericField = (field: FieldDefinition) => field.type === 'int' || field.type === 'decimal';

/** The checked value of a switch by the field's type: true/false, 1/0, or JeecgBoot's 'Y'/'N' for text. */
function switchValues(field: FieldDefinition): [unknown, unknown] {
  if (field.type === 'boolean') return [true, false];
  if (numericField(field)) return [1, 0];
  return ['Y', 'N'];
}

/** Checkbox values travel as one comma-separated text (JeecgBoot's multi-value columns). */
function splitValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value !== '') return value.split(',');
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** Radio buttons over the field's dictionary. */
function DictRadio({ field, control }: { field: FieldDefinition; control: ControlProps }) {
  const items = useDictItems(field.dict ?? '');
  const numeric = numericField(field);
  return (
    <Radio.Group
      id={control.id}
      disabled={control.disabled}
      value={control.value === null || control.value === undefined ? undefined : numeric ? Number(control.value) : String(control.value)}
      onChange={(event) => control.onChange?.(event.target.value)}
      options={items.map((item) => ({ value: numeric ? Number(item.value) : item.value, label: itemText(item) }))}
    />
  );
}

/** Checkboxes over the field's dictionary; the value is the checked items' values joined by commas. */
function DictCheckboxes({ field, control }: { field: FieldDefinition; control: ControlProps }) {
  const items = useDictItems(field.dict ?? '');
  // antd's group takes no id: the wrapper carries the form item's id.
  return (
    <div id={control.id} role="group">
      <Checkbox.Group
        disabled={control.disabled}
        value={splitValues(control.value)}
        onChange={(checked) => control.onChange?.(checked.length === 0 ? null : checked.map(String).join(','))}
        options={items.map((item) => ({ value: item.value, label: itemText(item) }))}
      />
    </div>
  );
}

/** The popup picker (FieldDefinition.popup): the chosen row's columns fill the form's target fields. */
function PopupInput({ field, label, control }: { field: FieldDefinition; label: string; control: ControlProps }) {
  const form = Form.useFormInstance();
  const popup = field.popup;
  if (popup === undefined) return null;
  return (
    <span id={control.id}>
      <PopupField
        code={popup.report}
        orgFields={popup.columns.join(',')}
        destFields={popup.targets.join(',')}
        value={control.value === null || control.value === undefined ? '' : String(control.value)}
        disabled={control.disabled}
        ariaLabel={label}
        onSelect={(values) => form.setFieldsValue(values)}
      />
    </span>
  );
}

/** A field's own control (FieldDefinition.control), or null when it has none the form can show. */
function controlInput(field: FieldDefinition, label: string, control: ControlProps, placeholder: string, count: { show: boolean; max: number } | undefined) {
  switch (field.control) {
    case 'textarea':
      return <Input.TextArea id={control.id} disabled={control.disabled} onBlur={control.onBlur} value={(control.value as string | null | undefined) ?? undefined} onChange={(event) => control.onChange?.(event.target.value)} rows={4} count={count} placeholder={placeholder} />;
    case 'radio':
      return field.dict === undefined ? null : <DictRadio field={field} control={control} />;
    case 'checkbox':
      return field.dict === undefined ? null : <DictCheckboxes field={field} control={control} />;
    case 'switch': {
      const [on, off] = switchValues(field);
      return <Switch id={control.id} disabled={control.disabled} aria-label={label} checked={control.value === on || (on !== true && String(control.value) === String(on))} onChange={(checked) => control.onChange?.(checked ? on : off)} />;
    }
    case 'popup':
      return <PopupInput field={field} label={label} control={control} />;
    case 'richtext':
      return (
        <Suspense fallback={<Spin size="small" />}>
          <div id={control.id} aria-label={label} className="field-richtext" data-testid="field-richtext">
            <RichTextEditor theme="snow" readOnly={control.disabled} value={typeof control.value === 'string' ? control.value : ''} onChange={(html) => control.onChange?.(html)} />
          </div>
        </Suspense>
      );
    default:
      return null;
  }
}

/** The form control of one field, by type (antd Form.Item injects value/onChange). */
export function FieldInput({ field, label, search = false, ...control }: { field: FieldDefinition; label: string; search?: boolean; value?: unknown; onChange?: (value: unknown) => void; onBlur?: () => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation('crud');
  const inputPlaceholder = t('placeholderInput', { label });
  const selectPlaceholder = t('placeholderSelect', { label });
  const props = { id: control.id, disabled: control.disabled, onChange: control.onChange, onBlur: control.onBlur };
  // Text past the maximum is not cut: the counter turns red and the max-length rule says why.
  const max = maxLengthOf(field);
  const count = max !== undefined && !search && field.type !== 'password' ? { show: true, max } : undefined;
  // A search keeps the type's control: a switch or a rich-text editor is no filter.
  const own = field.control === undefined || search ? null : controlInput(field, label, { ...props, value: control.value }, inputPlaceholder, count);
  if (own !== null) return own;
  // A reference of one kind is picked by name (a member, a template, a region), never typed as an id.
  if (typeof field.ref === 'string') return <RefInput {...props} kind={field.ref} value={control.value} placeholder={selectPlaceholder} aria-label={label} />;
  if (field.dict !== undefined) {
    return (
      <DictSelect
        {...props}
        value={control.value as string | number | undefined}
        dictCode={field.dict}
        numeric={field.type === 'int' || field.type === 'decimal'}
        placeholder={selectPlaceholder}
      />
    );
  }
  switch (field.type) {
    case 'text':
      return <Input.TextArea id={props.id} disabled={props.disabled} onBlur={props.onBlur} value={control.value as string | undefined} onChange={(event) => control.onChange?.(event.target.value)} rows={4} count={count} placeholder={inputPlaceholder} />;
    case 'int':
    case 'decimal':
      // No precision or bounds on the control: it would round or clamp silently; the rules refuse with a message. A
      // decimal is kept as its text (stringMode): every digit typed reaches the server, which reads it exactly.
      return <InputNumber {...props} value={control.value as number | string | undefined} stringMode={field.type === 'decimal'} style={{ width: '100%' }} step={field.type === 'decimal' ? 0.01 : 1} placeholder={inputPlaceholder} />;
    case 'boolean':
      return <Switch id={props.id} disabled={props.disabled} checked={control.value === true} onChange={(checked) => control.onChange?.(checked)} />;
    case 'date':
    case 'datetime':
      return <DatePicker {...props} value={control.value as never} showTime={field.type === 'datetime'} style={{ width: '100%' }} placeholder={selectPlaceholder} />;
    case 'password':
      return <Input.Password id={props.id} disabled={props.disabled} onBlur={props.onBlur} value={control.value as string | undefined} onChange={(event) => control.onChange?.(event.target.value)} autoComplete="new-password" placeholder={inputPlaceholder} />;
    default:
      return <Input id={props.id} disabled={props.disabled} onBlur={props.onBlur} value={control.value as string | undefined} onChange={(event) => control.onChange?.(event.target.value)} count={count} placeholder={inputPlaceholder} />;
  }
}

/** Search control of one field: like/eq as the input, `in` as multi-select, `range` as two bounds. */
export function SearchInput({ field, label, ...control }: { field: FieldDefinition; label: string; value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { t } = useTranslation('crud');
  if (field.search === 'range') {
    if (field.type === 'date' || field.type === 'datetime') {
      return <DatePicker.RangePicker id={control.id} value={control.value as never} onChange={(value) => control.onChange?.(value)} style={{ width: '100%' }} />;
    }
    const [begin, end] = Array.isArray(control.value) ? (control.value as unknown[]) : [];
    return (
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber id={control.id} value={begin as number | undefined} onChange={(value) => control.onChange?.([value, end])} placeholder={t('rangeBegin')} style={{ width: '50%' }} />
        <InputNumber value={end as number | undefined} onChange={(value) => control.onChange?.([begin, value])} placeholder={t('rangeEnd')} style={{ width: '50%' }} />
      </Space.Compact>
    );
  }
  if (field.search === 'in' && field.dict !== undefined) {
    return <DictSelect id={control.id} mode="multiple" dictCode={field.dict} value={control.value as never} onChange={(value) => control.onChange?.(value)} placeholder={t('placeholderSelect', { label })} />;
  }
  if (field.type === 'boolean') {
    return (
      <Select
        id={control.id}
        allowClear
        value={control.value as string | undefined}
        onChange={(value) => control.onChange?.(value)}
        options={[
          { value: 'true', label: t('yes') },
          { value: 'false', label: t('no') },
        ]}
        placeholder={t('placeholderSelect', { label })}
      />
    );
  }
  return <FieldInput field={field} label={label} search {...control} />;
}
