import { DatePicker, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLengthOf, type FieldDefinition } from '../../contracts/entity';
import { DictSelect } from '../dict/dict-select';

/** The form control of one field, by type (antd Form.Item injects value/onChange). */
export function FieldInput({ field, label, search = false, ...control }: { field: FieldDefinition; label: string; search?: boolean; value?: unknown; onChange?: (value: unknown) => void; onBlur?: () => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation('crud');
  const inputPlaceholder = t('placeholderInput', { label });
  const selectPlaceholder = t('placeholderSelect', { label });
  const props = { id: control.id, disabled: control.disabled, onChange: control.onChange, onBlur: control.onBlur };
  // Text past the maximum is not cut: the counter turns red and the max-length rule says why.
  const max = maxLengthOf(field);
  const count = max !== undefined && !search && field.type !== 'password' ? { show: true, max } : undefined;
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
      // No precision or bounds on the control: it would round or clamp silently; the rules refuse with a message.
      return <InputNumber {...props} value={control.value as number | undefined} style={{ width: '100%' }} step={field.type === 'decimal' ? 0.01 : 1} placeholder={inputPlaceholder} />;
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
