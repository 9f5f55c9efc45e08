import { ColorPicker, Form, Tag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { EntityListPage } from '../../../src/toolkit/crud';
import { ColorTag } from '../../../src/toolkit/dict';
import { GoodsFormModal } from '../components/goods-form-modal';
import { tagEntity, type TagRecord } from '../entities';

const colorOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** 标签: goods tags, each drawn in its colour (picked with a colour picker, stored as #rrggbb). */
export default function TagListPage() {
  return (
    <EntityListPage<TagRecord>
      entity={tagEntity}
      permissionPrefix={tagEntity.permission}
      renderers={{
        // A tint of the tag's colour with text dark enough to read on it (white on the colour itself often is not).
        name: (value, record) => {
          const color = colorOf(record.color);
          return color === undefined ? <Tag>{String(value ?? '')}</Tag> : <ColorTag color={color}>{String(value ?? '')}</ColorTag>;
        },
        color: (value) => {
          const color = colorOf(value);
          return color === undefined ? null : <ColorTag color={color}>{color}</ColorTag>;
        },
      }}
      formModal={(props) => (
        <GoodsFormModal
          {...props}
          controls={{
            color: ({ name, label }) => (
              <Form.Item name={name} label={label} getValueFromEvent={(color: Color) => color.toHexString()}>
                <ColorPicker showText allowClear format="hex" />
              </Form.Item>
            ),
          }}
        />
      )}
    />
  );
}
