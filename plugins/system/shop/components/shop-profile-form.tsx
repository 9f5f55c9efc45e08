import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormDialog, EntityFormItems, fieldRules, useEntityRecordForm, type EntityFormModalProps } from '../../../../src/toolkit/crud';
import { UploadWidget } from '../../../../src/toolkit/upload';
import { shopProfileEntity, TAX_NO_PATTERN } from '../entities';

const TEXT_FIELDS = ['legalName', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'contactName'] as const;
const IMAGE_FIELDS = ['logoUrl', 'sealUrl'] as const;

/** 编辑店铺信息: the text fields from the definition, the logo and the seal uploaded through the upload widget (biz folder `shop`). */
export function ShopProfileFormModal({ state, onClose, onSaved }: Pick<EntityFormModalProps, 'state' | 'onClose' | 'onSaved'>) {
  const { t } = useTranslation(['sysShop', 'crud']);
  const form = useEntityRecordForm({ entity: shopProfileEntity, state, onClose, onSaved: () => onSaved() });
  return (
    <EntityFormDialog form={form} formName="shopProfile" title={t('editTitle')} width={720}>
      <EntityFormItems
        entity={shopProfileEntity}
        editId={form.editId}
        only={TEXT_FIELDS}
        extraRules={{ taxNo: [{ pattern: TAX_NO_PATTERN, message: t('taxNoInvalid') }] }}
      />
      {IMAGE_FIELDS.map((name) => {
        const field = shopProfileEntity.fields[name];
        const label = t(field.label);
        return (
          <Form.Item key={name} name={name} label={label} extra={t('imageHint')} rules={fieldRules(shopProfileEntity, name, field, { label, editId: form.editId, t })}>
            <UploadWidget fileType="image" number={1} multiple={false} bizPath="shop" />
          </Form.Item>
        );
      })}
    </EntityFormDialog>
  );
}
