import { Tabs } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { EntityDefinition } from '../../contracts/entity';
import { EntityFormDialog } from './entity-form-dialog';
import { EntityFormItems } from './entity-form-items';
import { useEntityRecordForm } from './use-entity-form';
import { RecordHistory } from '../detail/record-history';

export interface EntityFormModalProps {
  entity: EntityDefinition;
  /** null: closed. */
  state: { mode: 'create' } | { mode: 'edit'; id: string } | null;
  onClose: () => void;
  onSaved: () => void;
  /** Values every create/edit carries (e.g. the parent id of an item list). */
  fixedValues?: Record<string, unknown>;
  /** Extra rules per field (e.g. a rule check), added to those derived from the definition. */
  extraRules?: Record<string, Rule[]>;
  /** Form name: the prefix of its input ids (`<name>_<field>`). */
  formName?: string;
}

/**
 * The generic create/edit dialog: useEntityRecordForm + <EntityFormItems> in <EntityFormDialog>; editing, a second
 * tab shows the record's 修改记录 (the fields stay mounted while it shows).
 */
export function EntityFormModal({ entity, state, onClose, onSaved, fixedValues, extraRules, formName = 'form' }: EntityFormModalProps) {
  const form = useEntityRecordForm({ entity, state, onClose, onSaved: () => onSaved(), fixedValues });
  return (
    <EntityFormDialog form={form} formName={formName}>
      <EntityFormBody entity={entity} editId={form.editId} extraRules={extraRules} />
    </EntityFormDialog>
  );
}

/** The dialog's fields; editing, beside them a 修改记录 tab (the fields stay mounted while it shows). */
export function EntityFormBody({ entity, editId, extraRules }: { entity: EntityDefinition; editId: string | undefined; extraRules?: EntityFormModalProps['extraRules'] }) {
  const { t } = useTranslation('toolkit');
  const items = <EntityFormItems entity={entity} editId={editId} extraRules={extraRules} />;
  if (editId === undefined) return items;
  return (
    <Tabs
      size="small"
      items={[
        { key: 'fields', label: t('history.fieldsTab'), children: items },
        { key: 'history', label: t('history.tab'), children: <RecordHistory entity={entity} id={editId} /> },
      ]}
    />
  );
}
