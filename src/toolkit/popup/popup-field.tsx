import { SearchOutlined } from '@ant-design/icons';
import { App, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupModal } from './popup-modal';
import { checkPopupParams, destinationValues, type PopupParams } from './popup-params';

export interface PopupFieldProps extends PopupParams {
  value?: string;
  multiple?: boolean;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
  invalid?: boolean;
  ariaLabel?: string;
  placeholder?: string;
  /** Destination field → value (comma-joined over the chosen rows), plus the rows themselves. */
  onSelect: (values: Record<string, string>, rows: Record<string, unknown>[]) => void;
}

/** An input that opens the popup picker and writes the destination fields. */
export function PopupField({ code, orgFields, destFields, value, multiple, disabled, size, invalid, ariaLabel, placeholder, onSelect }: PopupFieldProps) {
  const { t } = useTranslation('toolkit');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const openPicker = () => {
    if (disabled) return;
    const checked = checkPopupParams({ code, orgFields, destFields });
    if ('error' in checked) {
      void message.error(t(`popup.${checked.error}`));
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <Input
        readOnly
        size={size}
        value={value ?? ''}
        disabled={disabled}
        status={invalid ? 'error' : undefined}
        aria-label={ariaLabel}
        placeholder={placeholder ?? t('popup.placeholder')}
        suffix={<SearchOutlined />}
        onClick={openPicker}
      />
      {open && code && (
        <PopupModal
          open={open}
          code={code}
          multiple={multiple}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            const checked = checkPopupParams({ code, orgFields, destFields });
            if (!('error' in checked)) onSelect(destinationValues(rows, checked.org, checked.dest), rows);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
