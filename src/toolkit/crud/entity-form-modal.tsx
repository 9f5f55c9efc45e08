import type { Rule } from 'antd/es/form';
import type { EntityDefinition } from '../../contracts/entity';
import { EntityFormDialog } from './entity-form-dialog';
import { EntityFormItems } from './entity-form-items';
import { useEntityRecordForm } from './use-entity-form';

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

/** The generic create/edit dialog: useEntityRecordForm + <EntityFormItems> in <EntityFormDialog>. */
export function EntityFormModal({ entity, state, onClose, onSaved, fixedValues, extraRules, formName = 'form' }: EntityFormModalProps) {
  const form = useEntityRecordForm({ entity, state, onClose, onSaved: () => onSaved(), fixedValues });
  return (
    <EntityFormDialog form={form} formName={formName}>
      <EntityFormItems entity={entity} editId={form.editId} extraRules={extraRules} />
    </EntityFormDialog>
  );
}
