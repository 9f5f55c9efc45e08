import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { App, Button, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionCode, type EntityDefinition } from '../../contracts/entity';
import { importProgressKey, type ImportProgress } from '../../contracts/live';
import { getLiveHub } from '../../providers/live/live-session';
import { useAccess } from '../permission';
import { importProgressView, laterProgress, newImportId, readImportProgress, type ImportProgressView } from './import-progress';
import { GatedButton } from './list-toolbar';
import { saveBlob } from './save-blob';
import { useServerFeedback } from './use-server-feedback';

/** The server's answer to an import: rows taken, rows skipped and why (row numbers as in the sheet). */
export interface ImportOutcome {
  imported: number;
  skipped: number;
  /** Every skipped row's reason, a whole sentence naming its row (第5行：…). */
  errors: Array<{ row: number; message: string }>;
  /** Headers of the file's read-only columns, which the import did not take. */
  readOnlyColumns: string[];
}

/** How many refused rows the result dialog lists (the rest are counted). */
export const SHOWN_IMPORT_ERRORS = 10;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Reads `{imported, skipped, errors}` (older servers: `{imported, failed, errors}`); null for no result. */
export function readImportOutcome(result: unknown): ImportOutcome | null {
  if (typeof result !== 'object' || result === null) return null;
  const record = result as Record<string, unknown>;
  const errors = Array.isArray(record.errors)
    ? record.errors.filter((error): error is { row: number; message: string } => typeof error === 'object' && error !== null && 'message' in error)
    : [];
  const readOnlyColumns = Array.isArray(record.readOnlyColumns) ? record.readOnlyColumns.filter((column): column is string => typeof column === 'string') : [];
  return { imported: count(record.imported), skipped: 'skipped' in record ? count(record.skipped) : count(record.failed), errors, readOnlyColumns };
}

/** Every reason as a CSV file (BOM first, so Excel reads it as UTF-8): the dialog lists only the first few. */
export function importErrorsCsv(errors: ImportOutcome['errors'], header: [string, string]): Blob {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const lines = [header.map(quote).join(','), ...errors.map((error) => `${error.row},${quote(error.message)}`)];
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

export interface ImportButtonProps {
  entity: EntityDefinition;
  /** Another sheet the entity takes (e.g. 批量发货): its upload call, permission code and button label. */
  upload?: { url: string; permission: string; label: string };
}

/**
 * 导入 (.xlsx) under `<prefix>:importExcel` (or another sheet's call and code): the upload's progress
 * shows on the button and in a bar, then the server's progress (正在导入 n / total 行, heard on the table socket
 * under the upload's import id), then the server's answer — rows taken and skipped, and the first
 * refused rows with their reasons. Every list of the entity refreshes itself afterwards (Refine invalidation).
 */
export function ImportButton({ entity, upload }: ImportButtonProps) {
  const { t } = useTranslation('crud');
  const { modal } = App.useApp();
  const access = useAccess(upload?.permission ?? permissionCode(entity, 'importExcel'));
  const feedback = useServerFeedback();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation<BaseRecord>();
  const [percent, setPercent] = useState<number | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const run = async (file: File) => {
    setPercent(0);
    setProgress(null);
    const importId = newImportId();
    // Listening before the upload starts: the server's first frame comes once the file is in.
    const stopListening = getLiveHub()?.onCommon(importProgressKey(importId), (args) => {
      const next = readImportProgress(args);
      if (next !== null) setProgress((current) => laterProgress(current, next));
    });
    try {
      const answer = await mutateAsync({
        url: upload?.url ?? `${entity.api}/importExcel`,
        method: 'post',
        values: {},
        meta: { upload: { file, fileName: file.name, onProgress: setPercent }, query: { importId } },
        successNotification: false,
        errorNotification: false,
      });
      const outcome = readImportOutcome(answer.data);
      if (outcome !== null && (outcome.errors.length > 0 || outcome.skipped > 0 || outcome.readOnlyColumns.length > 0)) {
        const message = (answer as { message?: unknown }).message;
        const hidden = outcome.errors.length - SHOWN_IMPORT_ERRORS;
        modal.warning({
          title: typeof message === 'string' && message !== '' ? message : t('importDone'),
          width: 560,
          content: (
            <div className="crud-import-result">
              <p>{t('importSummary', { imported: outcome.imported, skipped: outcome.skipped })}</p>
              {outcome.readOnlyColumns.length > 0 ? <p data-testid="import-read-only-columns">{t('importReadOnlyColumns', { columns: outcome.readOnlyColumns.join('、') })}</p> : null}
              <ul className="crud-import-errors">
                {outcome.errors.slice(0, SHOWN_IMPORT_ERRORS).map((error) => (
                  <li key={`${error.row}:${error.message}`}>{error.message}</li>
                ))}
              </ul>
              {hidden > 0 ? (
                <p>
                  {t('importMoreErrors', { count: hidden })}{' '}
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => saveBlob(importErrorsCsv(outcome.errors, [t('importErrorRow'), t('importErrorReason')]), t('importErrorsFile', { name: file.name.replace(/\.xlsx$/i, '') }))}
                  >
                    {t('importDownloadErrors')}
                  </Button>
                </p>
              ) : null}
            </div>
          ),
        });
      } else {
        feedback.succeeded(answer, t('importDone'));
      }
    } catch (error) {
      feedback.failed(error);
    } finally {
      stopListening?.();
      setPercent(null);
      setProgress(null);
      await invalidate({ resource: entity.table, invalidates: ['list', 'many'] });
    }
  };

  const view = percent === null ? null : importProgressView(percent, progress);
  const progressText = (shown: ImportProgressView) => {
    if (shown.kind === 'uploading') return t('importing', { percent: shown.percent });
    if (shown.kind === 'reading') return t('importReading');
    return t('importingRows', { done: shown.done, total: shown.total });
  };
  return (
    <GatedButton access={access}>
      {(disabled) => (
        <Space size={8}>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            disabled={disabled || percent !== null}
            beforeUpload={(file) => {
              void run(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={disabled} loading={view !== null}>
              {view === null ? (upload?.label ?? t('import')) : progressText(view)}
            </Button>
          </Upload>
          {view !== null ? <Progress className="crud-import-progress" percent={view.percent} size="small" style={{ width: 120 }} /> : null}
        </Space>
      )}
    </GatedButton>
  );
}
