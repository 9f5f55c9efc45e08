import type { FormRule } from 'antd';

type Translate = (key: string) => string;

export interface PasswordFormValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Spec §5 Change password: the three required fields and the confirmation that must match. */
export function passwordFormRules(t: Translate): Record<keyof PasswordFormValues, FormRule[]> {
  return {
    oldpassword: [{ required: true, message: t('password.oldRequired') }],
    password: [{ required: true, message: t('password.newRequired') }],
    confirmpassword: [
      { required: true, message: t('password.confirmRequired') },
      ({ getFieldValue }) => ({
        validator(_rule, value: unknown) {
          if (!value || getFieldValue('password') === value) return Promise.resolve();
          return Promise.reject(new Error(t('password.mismatch')));
        },
      }),
    ],
  };
}
