import { Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from './load-error-alert';
import type { KeyedLoad } from './use-keyed-load';

export interface FormDialogProps {
  open: boolean;
  title: string;
  width: number;
  /** What an edit loads: a spinner while it does, the error with 重试 when it failed. */
  record: Pick<KeyedLoad<unknown>, 'loading' | 'error' | 'retry'>;
  /** Whether 确定 may be pressed (the record is there, or it is a create). */
  ready: boolean;
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** Render the form while closed (its instance is used before opening). */
  forceRender?: boolean;
  children: ReactNode;
}

/** The create/edit dialog frame every form shares: 确定/取消, the saving state, loading and load errors. */
export function FormDialog({ open, title, width, record, ready, saving, onSubmit, onClose, forceRender, children }: FormDialogProps) {
  const { t } = useTranslation('crud');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={onSubmit}
      okText={t('ok')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !ready }}
      destroyOnHidden
      forceRender={forceRender}
      width={width}
    >
      <Spin spinning={record.loading}>
        <LoadErrorAlert error={record.error} onRetry={record.retry} />
        {children}
      </Spin>
    </Modal>
  );
}
