import { DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueryItem } from './popup-api';
import { QUERY_DATE_FORMAT, rangeNames, type DictOption } from './popup-query';

export interface PopupQueryItemProps {
  item: QueryItem;
  /** The report's options for a dictionary-backed item. */
  options?: readonly DictOption[];
}

/** One query item of the popup: a range (two inputs: begin / end), a dictionary select, or a text input. */
export function PopupQueryItem({ item, options }: PopupQueryItemProps) {
  const { t } = useTranslation('toolkit');
  const title = item.label;
  if (item.mode === 'range') {
    const [begin, end] = rangeNames(item.field);
    const beginLabel = t('popup.rangeBegin', { title });
    const endLabel = t('popup.rangeEnd', { title });
    const input = (name: string, label: string) =>
      item.view === 'date' ? (
        <Form.Item name={name} noStyle>
          <DatePicker format={QUERY_DATE_FORMAT} aria-label={label} placeholder={label} style={{ width: '50%' }} />
        </Form.Item>
      ) : (
        <Form.Item name={name} noStyle>
          <InputNumber aria-label={label} placeholder={label} style={{ width: '50%' }} />
        </Form.Item>
      );
    return (
      <Form.Item label={title} style={{ marginInlineEnd: 0 }}>
        <Space.Compact style={{ width: '100%' }}>
          {input(begin, beginLabel)}
          {input(end, endLabel)}
        </Space.Compact>
      </Form.Item>
    );
  }
  if (item.dictCode && options !== undefined) {
    return (
      <Form.Item name={item.field} label={title} style={{ marginInlineEnd: 0 }}>
        <Select allowClear aria-label={title} placeholder={t('select.placeholder', { title })} options={options.map((option) => ({ value: option.value, label: option.text }))} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={item.field} label={title} style={{ marginInlineEnd: 0 }}>
      <Input allowClear placeholder={t('input.placeholder', { title })} />
    </Form.Item>
  );
}
