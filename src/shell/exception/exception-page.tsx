import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './back-home-button';

export type ExceptionStatus = 403 | 404 | 500;

/** The exception pages 403, 404 and 500 (docs/spec.md §2 Page areas). */
export function ExceptionPage({ status }: { status: ExceptionStatus }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status={status}
      title={String(status)}
      subTitle={t(`exception.description${status}`)}
      extra={<BackHomeButton />}
    />
  );
}

export function Exception403() {
  return <ExceptionPage status={403} />;
}

export function Exception404() {
  return <ExceptionPage status={404} />;
}

export function Exception500() {
  return <ExceptionPage status={500} />;
}
