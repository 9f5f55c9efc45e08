import { useCustom } from '@refinedev/core';
import { Form, Input, Select, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormDialog, EntityFormItems, useEntityRecordForm, type EntityFormModalProps } from '../../../src/toolkit/crud';
import { quartzJobEntity, type CronPreview, type JobKindOption } from '../entities';

const KINDS_URL = `${quartzJobEntity.api}/kinds`;
const PREVIEW_URL = `${quartzJobEntity.api}/cronPreview`;

/** The next fire times of what is typed, or why it will never fire. */
function CronPreviewText({ cron }: { cron: string }) {
  const { t } = useTranslation('operations');
  const typed = useDeferredValue(cron.trim());
  const { result, query } = useCustom<CronPreview>({ url: PREVIEW_URL, method: 'get', config: { query: { cron: typed } }, queryOptions: { enabled: typed !== '' } });
  if (typed === '' || query.isLoading) return null;
  const preview = result.data;
  if (preview === undefined || !preview.valid) return <Typography.Text type="danger">{t('job.cronInvalid')}</Typography.Text>;
  return (
    <Typography.Text type="secondary" data-testid="cron-preview">
      {t('job.nextRuns', { times: preview.nextTimes.join(t('job.timeSeparator')) })}
    </Typography.Text>
  );
}

/**
 * 新增/编辑定时任务: the kind picked from the server's registry (never typed), the cron expression with a
 * preview of its next fire times, the parameter and description. Status changes by 启动/停止 only.
 */
export function JobFormModal(props: EntityFormModalProps) {
  const { t } = useTranslation('operations');
  const form = useEntityRecordForm({ entity: quartzJobEntity, state: props.state, onClose: props.onClose, onSaved: () => props.onSaved() });
  // Refine's useCustom gives {} (not undefined) until the answer arrives: the options check for an array.
  const { result: kinds, query: kindsQuery } = useCustom<JobKindOption[]>({ url: KINDS_URL, method: 'get', queryOptions: { enabled: props.state !== null } });
  const cron = Form.useWatch('cronExpression', form.form) as string | undefined;
  const formName = props.formName ?? 'form';
  return (
    <EntityFormDialog form={form} formName={formName}>
      <Form.Item name="jobClassName" label={t('job.fields.jobClassName')} rules={[{ required: true, message: t('job.kindRequired') }]}>
        <Select
          loading={kindsQuery.isLoading}
          showSearch
          optionFilterProp="label"
          options={(Array.isArray(kinds.data) ? kinds.data : []).map((kind) => ({ value: kind.name, label: t('job.kindOption', { title: kind.title, name: kind.name }) }))}
        />
      </Form.Item>
      {/* The outer item has no name (the preview sits beside the input): its label points at the input itself. */}
      <Form.Item label={t('job.fields.cronExpression')} htmlFor={`${formName}_cronExpression`} required extra={<CronPreviewText cron={cron ?? ''} />}>
        <Form.Item name="cronExpression" noStyle rules={[{ required: true, message: t('job.cronRequired') }]}>
          <Input placeholder="0 0/30 * * * ?" maxLength={100} />
        </Form.Item>
      </Form.Item>
      <EntityFormItems entity={quartzJobEntity} editId={form.editId} only={['parameter', 'description']} />
    </EntityFormDialog>
  );
}
