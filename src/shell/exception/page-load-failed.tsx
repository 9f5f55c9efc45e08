import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { chunkErrorCode } from '../../app/chunk-load';
import { BackHomeButton } from './back-home-button';

/** Shows ChunkLoadError / CSS_CHUNK_LOAD_FAILED (docs/spec.md §8) or any other page failure with a retry. */
export default function PageLoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="500"
      title={chunkErrorCode(error)}
      subTitle={`${t('exception.pageLoadFailed')} ${detail}`}
      extra={
        <Space>
          <Button onClick={() => window.location.reload()}>{t('exception.reload')}</Button>
          <BackHomeButton />
        </Space>
      }
    />
  );
}
