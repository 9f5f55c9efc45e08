import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './back-home-button';
import { MODULE_NOT_FOUND } from './error-codes';

/** A menu names a component path no plugin registered (docs/spec.md §8 Missing dynamic page module). */
export default function ModuleNotFoundPage({ componentPath }: { componentPath: string }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="404"
      title={MODULE_NOT_FOUND}
      subTitle={
        <>
          {t('exception.moduleNotFound')} <Typography.Text code>{componentPath}</Typography.Text>
        </>
      }
      extra={<BackHomeButton />}
    />
  );
}
