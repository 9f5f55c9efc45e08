import { Form, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildGridsContext } from './child-grids';
import { LoadErrorAlert } from './load-error-alert';
import { StaleRecordAlert } from './stale-record-alert';
import type { EntityRecordForm } from './use-entity-form';

export interface EntityFormDialogProps {
  form: EntityRecordForm;
  /** Form name: the prefix of its input ids (`<name>_<field>`). */
  formName?: string;
  title?: string;
  width?: number | string;
  /** The form items, e.g. <EntityFormItems>, plus anything a screen adds. */
  children: ReactNode;
}

/**
 * The dialog of a create/edit form: 确定/取消, saving, the record's loading and its load error with 重试, a save refused
 * over a newer version with 刷新. Its ×, 取消, Esc and a click on the mask all go through the form's close, which asks
 * before unsaved changes are dropped.
 */
export function EntityFormDialog({ form, formName = 'form', title, width = 640, children }: EntityFormDialogProps) {
  const { t } = useTranslation('crud');
  const editing = form.editId !== undefined;
  return (
    <Modal
      open={form.open}
      title={title ?? t(editing ? 'editTitle' : 'createTitle')}
      onCancel={form.close}
      onOk={() => void form.submit()}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={form.saving}
      okButtonProps={{ disabled: form.loading || form.loadError }}
      destroyOnHidden
      // The form instance is used before the dialog first opens.
      forceRender
      width={width}
    >
      <Spin spinning={form.loading}>
        <LoadErrorAlert error={form.loadError ? t('loadError') : null} onRetry={form.retry} />
        <StaleRecordAlert stale={form.stale} onReload={form.reload} />
        <Form {...form.formProps} form={form.form} name={formName} layout="vertical" preserve={false} validateTrigger={['onChange', 'onBlur']} onFinish={undefined}>
          <ChildGridsContext.Provider value={form.childGrids}>{children}</ChildGridsContext.Provider>
        </Form>
      </Spin>
    </Modal>
  );
}
