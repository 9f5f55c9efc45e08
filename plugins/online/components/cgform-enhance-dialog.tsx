import { Alert, Button, Empty, Form, Input, List, Modal, Segmented, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert, useCustomRead, useFormAction } from '../../../src/toolkit/crud';
import { CGFORM_API, ENHANCE_HISTORY_MAX, type CgformHead } from '../cgform-api';
import { formatShopTime } from '../../../src/toolkit/utils';

export type EnhanceType = 'form' | 'list';

interface EnhanceVersion {
  id?: string;
  cgJs: string;
  createTime?: string | null;
  createBy?: string | null;
}

/** The current script: as text, as `{ cgJs }`, or nothing yet. */
function scriptOf(answer: unknown): string {
  if (typeof answer === 'string') return answer;
  if (typeof answer === 'object' && answer !== null && 'cgJs' in answer && typeof answer.cgJs === 'string') return answer.cgJs;
  return '';
}

function versionsOf(answer: EnhanceVersion[] | { records?: EnhanceVersion[] } | undefined): EnhanceVersion[] {
  const rows = answer === undefined ? [] : Array.isArray(answer) ? answer : (answer.records ?? []);
  return rows.slice(0, ENHANCE_HISTORY_MAX);
}

/** JS增强: the form's and the list's script, each saved as a new version; the last versions listed, one click restores one into the editor. */
export function CgformEnhanceDialog({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  const { t } = useTranslation('online');
  const [type, setType] = useState<EnhanceType>('form');
  if (head === null || head.id === undefined) return null;
  return (
    <Modal open title={t('enhance.title', { name: head.tableName })} onCancel={onClose} footer={null} width="min(1100px, 96vw)" destroyOnHidden maskClosable={false}>
      <Segmented<EnhanceType>
        value={type}
        onChange={setType}
        options={[
          { value: 'form', label: t('enhance.form') },
          { value: 'list', label: t('enhance.list') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {/* One editor per head and type: its text starts from the saved script. */}
      <EnhanceLoader key={`${head.id}:${type}`} headId={head.id} type={type} onClose={onClose} />
    </Modal>
  );
}

interface LoaderProps {
  headId: string;
  type: EnhanceType;
  onClose: () => void;
}

function EnhanceLoader(props: LoaderProps) {
  const { t } = useTranslation('online');
  const current = useCustomRead<unknown>({ url: CGFORM_API.enhanceJs, query: { headId: props.headId, type: props.type } }, { failure: t('enhance.loadFailed') });
  if (current.error !== null) return <LoadErrorAlert error={t('enhance.loadFailed')} description={current.error} onRetry={current.retry} />;
  if (current.loading) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  return <EnhanceEditor {...props} initial={scriptOf(current.value)} />;
}

function EnhanceEditor({ headId, type, initial, onClose }: LoaderProps & { initial: string }) {
  const { t } = useTranslation('online');
  const [form] = Form.useForm<{ cgJs: string }>();
  const history = useCustomRead<EnhanceVersion[] | { records?: EnhanceVersion[] }>({ url: CGFORM_API.enhanceJsHistory, query: { headId, type } }, { failure: t('enhance.historyFailed') });
  const [restored, setRestored] = useState<string | null>(null);
  const { submit, saving } = useFormAction<{ cgJs: string }>(form, {
    invalidates: [],
    request: (values) => ({ url: CGFORM_API.enhanceJs, method: 'post', values: { headId, cgJsType: type, cgJs: values.cgJs ?? '' } }),
    onDone: () => {
      setRestored(null);
      history.retry();
    },
  });
  const versions = versionsOf(history.value);

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'stretch' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {type === 'form' ? t('enhance.formHelp') : t('enhance.listHelp')}
        </Typography.Paragraph>
        <Form form={form} name="cgform_enhance" initialValues={{ cgJs: initial }} onFinish={() => void submit()}>
          <Form.Item name="cgJs" noStyle>
            <Input.TextArea aria-label={t('enhance.code')} rows={18} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 13 }} data-testid="cgform-enhance-code" />
          </Form.Item>
        </Form>
        {restored !== null && <Alert type="info" showIcon message={t('enhance.restored', { time: restored })} style={{ marginTop: 8 }} />}
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="cgform-enhance-save">
            {t('enhance.save')}
          </Button>
          <Button onClick={onClose}>{t('enhance.close')}</Button>
        </Space>
      </div>
      <div style={{ width: 280, flexShrink: 0 }}>
        <Typography.Text strong>{t('enhance.history', { max: ENHANCE_HISTORY_MAX })}</Typography.Text>
        {history.error !== null ? (
          <LoadErrorAlert error={t('enhance.historyFailed')} description={history.error} onRetry={history.retry} style={{ marginTop: 8 }} />
        ) : (
          <List<EnhanceVersion>
            size="small"
            loading={history.loading}
            dataSource={versions}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('enhance.noHistory')} /> }}
            style={{ maxHeight: 420, overflow: 'auto', marginTop: 8 }}
            data-testid="cgform-enhance-history"
            renderItem={(version, index) => {
              const time = version.createTime ? formatShopTime(version.createTime) : `#${versions.length - index}`;
              return (
                <List.Item
                  actions={[
                    <Button
                      key="restore"
                      type="link"
                      size="small"
                      onClick={() => {
                        form.setFieldsValue({ cgJs: version.cgJs });
                        setRestored(time);
                      }}
                    >
                      {t('enhance.restore')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={time}
                    description={
                      <Typography.Text type="secondary" ellipsis style={{ fontFamily: 'monospace', maxWidth: 170 }}>
                        {version.cgJs.split('\n').find((line) => line.trim() !== '') ?? t('enhance.empty')}
                      </Typography.Text>
                    }
                  />
                </List.Item>
              );
            }}
          />
        )}
      </div>
    </div>
  );
}
