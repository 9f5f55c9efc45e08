import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityFormModalProps } from '../../../src/toolkit/crud';
import { attrEntity } from '../entities';
import { GoodsFormModal } from './goods-form-modal';

/** 录入方式 列表选取 (dictionary goods_attr_input_type): the values are picked from `inputList`. */
export const INPUT_FROM_LIST = '1';

/** The attributes' list separator: a comma, also the Chinese one as people type it. */
export const splitInputList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(/[,，]/).map((item) => item.trim()).filter((item) => item !== '') : [];

/** 可选值列表 only when the values are picked from a list, and then required. */
function InputListItem({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('goods');
  return (
    <Form.Item noStyle dependencies={['inputType']}>
      {({ getFieldValue }) =>
        String(getFieldValue('inputType') ?? '') === INPUT_FROM_LIST ? (
          <Form.Item name={name} label={label} extra={t('attr.inputListHint')} rules={[{ required: true, whitespace: true, message: t('attr.inputListRequired') }, { max: 1000 }]}>
            <Input.TextArea rows={2} placeholder={t('attr.inputListPlaceholder')} />
          </Form.Item>
        ) : null
      }
    </Form.Item>
  );
}

/** The attribute dialog (属性 screen and the 规格/参数 lists of a type). */
export function AttrFormModal(props: EntityFormModalProps) {
  return <GoodsFormModal {...props} entity={attrEntity} controls={{ inputList: ({ name, label }) => <InputListItem name={name} label={label} /> }} />;
}
