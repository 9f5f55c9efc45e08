import { useTranslation } from 'react-i18next';
import { chunkErrorCode } from '../../app/chunk-load';

const box = { padding: 48, textAlign: 'center' } as const;

/** Plain-HTML failure notice that needs no further chunk. */
export function MinimalFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  return (
    <div style={box} role="alert">
      <h2>{chunkErrorCode(error)}</h2>
      <p>{t('exception.pageLoadFailed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('exception.reload')}
      </button>
    </div>
  );
}
