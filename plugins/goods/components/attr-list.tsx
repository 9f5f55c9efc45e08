import { EntityListPage } from '../../../src/toolkit/crud';
import { attrEntity, type AttrRecord } from '../entities';
import { AttrFormModal, INPUT_FROM_LIST } from './attr-form';

/** The attribute list: 可选值列表 shows only for attributes whose values come from a list. */
export function AttrList({ fixedValues, urlPrefix, card = true }: { fixedValues?: Record<string, string>; urlPrefix?: string; card?: boolean }) {
  return (
    <EntityListPage<AttrRecord>
      entity={attrEntity}
      fixedValues={fixedValues}
      urlPrefix={urlPrefix}
      card={card}
      permissionPrefix={attrEntity.permission}
      renderers={{ inputList: (value, record) => (String(record.inputType ?? '') === INPUT_FROM_LIST ? String(value ?? '') : '') }}
      formModal={(props) => <AttrFormModal {...props} />}
    />
  );
}
