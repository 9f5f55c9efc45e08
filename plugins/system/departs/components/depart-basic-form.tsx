import { Alert, App, Button, Form, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessOf } from '../../../../src/providers/access-control';
import { DEPART_PERMISSIONS, type DepartRecord, type DepartTreeNode } from '../entities';
import { editDepart, loadDepart } from './depart-api';
import { DepartFields, departValues } from './depart-fields';
import { subtreeIds } from './tree-model';

export interface DepartBasicFormProps {
  departId: string;
  /** The tree, for the 上级部门 picker. */
  nodes: readonly DepartTreeNode[];
  node: DepartTreeNode | undefined;
  onSaved: () => void;
}

/** The answer for one request (another department or a reset means it is still loading). */
type Loaded = { request: string } & ({ status: 'error'; message: string } | { status: 'ready'; record: DepartRecord });

/** 基本信息: edits the department; changing 上级部门 moves it (the server refuses its own subtree). */
export function DepartBasicForm({ departId, nodes, node, onSaved }: DepartBasicFormProps) {
  const { t } = useTranslation('sysDepart');
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(0);
  const request = `${departId}:${version}`;
  const state = loaded !== null && loaded.request === request ? loaded : { status: 'loading' as const };
  const gate = accessOf(DEPART_PERMISSIONS.edit);
  const blocked = useMemo(() => new Set(node !== undefined ? subtreeIds(node) : [departId]), [node, departId]);

  useEffect(() => {
    let alive = true;
    const key = `${departId}:${version}`;
    loadDepart(departId)
      .then((answer) => {
        if (!alive) return;
        setLoaded(answer.success ? { request: key, status: 'ready', record: answer.result } : { request: key, status: 'error', message: answer.message });
      })
      .catch(() => {
        if (alive) setLoaded({ request: key, status: 'error', message: t('form.loadError') });
      });
    return () => {
      alive = false;
    };
  }, [departId, version, t]);

  const record = state.status === 'ready' ? state.record : null;
  useEffect(() => {
    if (record === null) return;
    form.setFieldsValue({
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
    });
  }, [record, form]);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      const answer = await editDepart(departId, departValues(values));
      if (!answer.success) {
        void message.error(answer.message);
        return;
      }
      void message.success(answer.message);
      setVersion((value) => value + 1);
      onSaved();
    } catch {
      // Presented by the http client.
    } finally {
      setSaving(false);
    }
  };

  if (state.status === 'error') return <Alert type="error" showIcon message={state.message} />;
  return (
    <Spin spinning={state.status === 'loading'}>
      <Form form={form} name="depart" layout="vertical" disabled={!gate.visible || gate.disabled} onFinish={(values) => void save(values)} style={{ maxWidth: 640 }}>
        <DepartFields parentTree={{ nodes, blocked }} showOrgCode />
        {gate.visible ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('form.save')}
            </Button>
            <Button onClick={() => setVersion((value) => value + 1)}>{t('form.reset')}</Button>
          </Space>
        ) : null}
      </Form>
    </Spin>
  );
}
