import { App, Switch, type SwitchProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ConfirmSwitchProps extends Omit<SwitchProps, 'onChange' | 'onClick'> {
  /** The question asked before the switch acts, for the state it would go to. */
  question: (next: boolean) => string;
  /** Runs once the user agreed; the switch follows `checked`, so it moves only when the record changed. */
  onConfirm: (next: boolean) => unknown;
}

/**
 * A status switch that asks first (上架/下架, 启用/停用: what buyers see changes at once). One way for every such
 * switch: a click never acts by itself, the question names what follows, 取消 leaves everything as it was.
 */
export function ConfirmSwitch({ question, onConfirm, ...props }: ConfirmSwitchProps) {
  const { t } = useTranslation('crud');
  const { modal } = App.useApp();
  return (
    <Switch
      {...props}
      onChange={(next) => {
        void modal.confirm({ title: question(next), okText: t('ok'), cancelText: t('cancel'), onOk: async () => void (await onConfirm(next)) });
      }}
    />
  );
}
