import { Alert, Button, Form, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accessOf } from '../../../../src/providers/access-control';
import { ROW_VERSION_FIELD } from '../../../../src/contracts/entity';
import { useEntityAction, useFreshRecord, useUnsavedChanges } from '../../../../src/toolkit/crud';
import { DEPART_PERMISSIONS, departEntity, type DepartRecord, type DepartTreeNode } from '../entities';
import { DepartFields, departValues } from './depart-fields';
import { subtreeIds } from './tree-model';

export interface DepartBasicFormProps {
  departId: string;
  /** The tree, for the 上级部门 picker. */
  nodes: readonly DepartTreeNode[];
  node: DepartTreeNode | undefined;
}

function formValuesOf(record: DepartRecord) {
  return {
    departName: record.departName ?? '',
    parentId: record.parentId ?? undefined,
    orgCode: record.orgCode ?? '',
    departNameEn: record.departNameEn ?? '',
    orgCategory: record.orgCategory ?? undefined,
    sort: record.sort ?? 0,
    mobile: record.mobile ?? '',
    fax: record.fax ?? '',
    address: record.address ?? '',
    memo: record.memo ?? '',
  };
}

/**
 * 基本信息: edits the department (read as forms read their record, saved as an entity action, so the tree and every
 * list of departments refresh themselves); changing 上级部门 moves it (the server refuses its own subtree).
 */
export function DepartBasicForm({ departId, nodes, node }: DepartBasicFormProps) {
  const { t } = useTranslation('sysDepart');
  const [form] = Form.useForm<Record<string, unknown>>();
  // Read anew for each department shown and after each save, and kept as read meanwhile: the fields are never
  // refilled under the user's hands, and the save carries the version they were read at.
  const fresh = useFreshRecord<DepartRecord>(departEntity, departId);
  const { record, loading, loadError: isError } = fresh;
  const edit = useEntityAction({ invalidates: [departEntity.table] });
  // Inline, not in a dialog: closing or refreshing its tab, or leaving the page, asks while something typed is unsaved.
  const unsaved = useUnsavedChanges(departId);
  const gate = accessOf(DEPART_PERMISSIONS.edit);
  const blocked = useMemo(() => new Set(node !== undefined ? subtreeIds(node) : [departId]), [node, departId]);

  const fill = useCallback(() => {
    if (record !== undefined) form.setFieldsValue(formValuesOf(record));
  }, [record, form]);
  // Once per record read, remembered in a ref: a hidden tab's effects run again when it is shown, and must not
  // refill what was typed there.
  const filledFrom = useRef<DepartRecord | undefined>(undefined);
  useEffect(() => {
    if (record === undefined || filledFrom.current === record) return;
    filledFrom.current = record;
    fill();
  }, [record, fill]);
  const reset = () => {
    fill();
    unsaved.reset();
  };

  const save = async (values: Record<string, unknown>) => {
    const version = record?.[ROW_VERSION_FIELD];
    const saved = await edit.run({ url: `${departEntity.api}/edit`, method: 'put', values: { ...departValues(values), id: departId, ...(typeof version === 'string' ? { [ROW_VERSION_FIELD]: version } : {}) } });
    if (saved === undefined) return;
    unsaved.reset();
    fresh.reload();
  };

  if (isError) return <Alert type="error" showIcon message={t('form.loadError')} />;
  return (
    <Spin spinning={loading}>
      <Form form={form} name="depart" layout="vertical" disabled={!gate.visible || gate.disabled} onFinish={(values) => void save(values)} onValuesChange={unsaved.markChanged} style={{ maxWidth: 640 }}>
        <DepartFields parentTree={{ nodes, blocked }} showOrgCode />
        {gate.visible ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={edit.running}>
              {t('form.save')}
            </Button>
            <Button onClick={reset}>{t('form.reset')}</Button>
          </Space>
        ) : null}
      </Form>
    </Spin>
  );
}
