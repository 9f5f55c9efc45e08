import { ColorPicker, Form, Tag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { EntityListPage } from '../../../src/toolkit/crud';
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
        name: (value, record) => <Tag color={colorOf(record.color)}>{String(value ?? '')}</Tag>,
        color: (value) => (colorOf(value) !== undefined ? <Tag color={colorOf(value)}>{String(value)}</Tag> : null),
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
