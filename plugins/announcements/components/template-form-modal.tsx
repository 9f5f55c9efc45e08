import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormDialog, EntityFormItems, fieldRules, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { messageTemplateEntity, parseTestData, TEMPLATE_TYPE } from '../entities';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Form.Item hands value/onChange to its direct child, so the lazy editor sits inside this one. */
function RichContent(props: { value?: string; onChange?: (html: string) => void; ariaLabel: string }) {
  return (
    <Suspense fallback={<Input.TextArea disabled rows={6} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/**
 * 新增/编辑消息模板: code, title and type from the definition; the content as plain text or in the rich
 * editor by type, with `${name}` placeholders; the test data checked as a JSON object of strings.
 */
export function TemplateFormModal(props: EntityFormModalProps) {
  const { t } = useTranslation('message');
  const { t: tCrud } = useTranslation('crud');
  const form = useEntityRecordForm({ entity: messageTemplateEntity, state: props.state, onClose: props.onClose, onSaved: () => props.onSaved() });
  const type = Form.useWatch('templateType', form.form) as string | undefined;
  const formName = props.formName ?? 'form';
  const creating = props.state?.mode === 'create';

  useEffect(() => {
    if (creating && form.open && form.form.getFieldValue('templateType') === undefined) form.form.setFieldsValue({ templateType: TEMPLATE_TYPE.text });
  }, [creating, form.open, form.form]);

  const codeRules: Record<string, Rule[]> = { templateCode: [{ pattern: /^[A-Za-z0-9_]+$/, message: t('template.codeRule') }] };
  const jsonRule: Rule = {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '' || parseTestData(value) !== null) return;
      throw new Error(t('template.testJsonRule'));
    },
  };
  const contentLabel = t('template.fields.templateContent');
  const contentRules = fieldRules(messageTemplateEntity, 'templateContent', messageTemplateEntity.fields.templateContent, { label: contentLabel, t: tCrud });
  const jsonRules = [...fieldRules(messageTemplateEntity, 'templateTestJson', messageTemplateEntity.fields.templateTestJson, { label: t('template.fields.templateTestJson'), t: tCrud }), jsonRule];

  return (
    <EntityFormDialog form={form} formName={formName} width={720}>
      <EntityFormItems entity={messageTemplateEntity} editId={form.editId} extraRules={codeRules} only={['templateCode', 'templateName', 'templateType']} />
      <Form.Item name="templateContent" label={contentLabel} extra={t('template.contentHelp')} rules={contentRules}>
        {type === TEMPLATE_TYPE.rich ? <RichContent ariaLabel={contentLabel} /> : <Input.TextArea rows={6} maxLength={20_000} />}
      </Form.Item>
      <Form.Item name="templateTestJson" label={t('template.fields.templateTestJson')} extra={t('template.testJsonHelp')} rules={jsonRules}>
        <Input.TextArea rows={3} maxLength={5_000} />
      </Form.Item>
    </EntityFormDialog>
  );
}
