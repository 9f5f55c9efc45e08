import { Alert, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALTERATION_PATH } from '../../routing/public-paths';
import { useDocumentTitle } from '../use-document-title';
import { AccountLinks } from './account-links';
import { AlterationDone, AlterationNewPassword, AlterationVerify } from './alteration-steps';

/** /user/alteration (找回密码): verify the phone, set a new password, done. */
export default function AlterationPage() {
  const { t } = useTranslation('user');
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('alteration.title'));

  const goTo = (next: number) => {
    setError(null);
    setStep(next);
  };

  return (
    <div>
      <Typography.Title level={3} style={{ marginBottom: 24 }}>
        {t('alteration.title')}
      </Typography.Title>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 32 }}
        items={[{ title: t('alteration.stepVerify') }, { title: t('alteration.stepPassword') }, { title: t('alteration.stepDone') }]}
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      {/* Both forms stay mounted so going back keeps what was typed. */}
      <div hidden={step !== 0}>
        <AlterationVerify
          onError={setError}
          onVerified={(issued) => {
            setTicket(issued);
            goTo(1);
          }}
        />
      </div>
      <div hidden={step !== 1}>
        <AlterationNewPassword ticket={ticket} onError={setError} onBack={() => goTo(0)} onDone={() => goTo(2)} />
      </div>
      {step === 2 && <AlterationDone />}
      {step !== 2 && <AccountLinks current={ALTERATION_PATH} />}
    </div>
  );
}
