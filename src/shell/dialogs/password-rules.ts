import type { FormRule } from 'antd';
import { sameAsRule } from '../../toolkit/crud/validators';

type Translate = (key: string) => string;

export interface PasswordFormValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** docs/spec.md §5 Change password: the three required fields and the confirmation that must match. */
export function passwordFormRules(t: Translate): Record<keyof PasswordFormValues, FormRule[]> {
  return {
    oldpassword: [{ required: true, message: t('password.oldRequired') }],
    password: [{ required: true, message: t('password.newRequired') }],
    confirmpassword: [
      { required: true, message: t('password.confirmRequired') },
      sameAsRule('password', t('password.mismatch')),
    ],
  };
}
