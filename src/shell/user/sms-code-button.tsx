import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_COUNTDOWN_SECONDS } from './login-rules';
import { useCountdown } from './use-countdown';

export interface SmsCodeButtonProps {
  /** The number to send to, or null when the form says it is not valid yet. */
  mobile(): Promise<string | null> | string | null;
  send(mobile: string): Promise<void>;
  onError(message: string): void;
}

/** 获取验证码 with the 60-second resend countdown: the one SMS button of the login, register and recovery pages. */
export function SmsCodeButton({ mobile, send, onError }: SmsCodeButtonProps) {
  const { t } = useTranslation('common');
  const countdown = useCountdown(SMS_COUNTDOWN_SECONDS);
  const [sending, setSending] = useState(false);

  const requestCode = async () => {
    const target = await mobile();
    if (target === null) return;
    setSending(true);
    try {
      await send(target);
      countdown.start();
    } catch (failure) {
      onError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="large" onClick={() => void requestCode()} loading={sending} disabled={countdown.left > 0}>
      {countdown.left > 0 ? t('login.resendIn', { seconds: countdown.left }) : t('login.getCaptcha')}
    </Button>
  );
}
