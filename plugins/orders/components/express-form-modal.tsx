import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormDialog, EntityFormItems, fieldRules, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { UploadWidget } from '../../../src/toolkit/upload';
import { expressEntity } from '../entities';

/** 快递公司 create/edit: code, name, the logo uploaded through the upload widget, sort and status. */
export function ExpressFormModal({ state, onClose, onSaved, extraRules, formName = 'form' }: EntityFormModalProps) {
  const { t } = useTranslation('crud');
  const form = useEntityRecordForm({ entity: expressEntity, state, onClose, onSaved: () => onSaved() });
  const logo = expressEntity.fields.logo;
  const logoLabel = t(logo.label);
  return (
    <EntityFormDialog form={form} formName={formName}>
      <EntityFormItems entity={expressEntity} editId={form.editId} extraRules={extraRules} only={['code', 'name']} />
      <Form.Item name="logo" label={logoLabel} rules={fieldRules(expressEntity, 'logo', logo, { label: logoLabel, editId: form.editId, t })}>
        <UploadWidget fileType="image" number={1} multiple={false} />
      </Form.Item>
      <EntityFormItems entity={expressEntity} editId={form.editId} extraRules={extraRules} only={['sort', 'status']} />
    </EntityFormDialog>
  );
}
