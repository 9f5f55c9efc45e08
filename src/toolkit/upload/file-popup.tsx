import { App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadWidget, type UploadWidgetProps, type UploadWidgetValue } from './upload-widget';

export const FILE_POPUP_WIDTH = 520;

export interface FilePopupProps extends Omit<UploadWidgetProps, 'value' | 'onChange'> {
  open: boolean;
  initialValue?: UploadWidgetValue;
  onCancel: () => void;
  onOk: (value: UploadWidgetValue) => void;
}

const isEmpty = (value: UploadWidgetValue | undefined) => value === undefined || value.length === 0;

/** The file popup: 图片上传 / 文件上传, 520 px; confirming with no file warns 未上传任何文件. */
export function FilePopup({ open, initialValue, onCancel, onOk, ...widget }: FilePopupProps) {
  const { t } = useTranslation('toolkit');
  const { message } = App.useApp();
  const [value, setValue] = useState<UploadWidgetValue | undefined>(initialValue);
  return (
    <Modal
      open={open}
      width={FILE_POPUP_WIDTH}
      title={widget.fileType === 'image' ? t('filePopup.imageTitle') : t('filePopup.fileTitle')}
      destroyOnHidden
      okText={t('popup.ok')}
      cancelText={t('popup.cancel')}
      onCancel={onCancel}
      onOk={() => {
        if (isEmpty(value) || value === undefined) {
          void message.warning(t('filePopup.empty'));
          return;
        }
        onOk(value);
      }}
    >
      <UploadWidget {...widget} value={initialValue} onChange={setValue} />
    </Modal>
  );
}
