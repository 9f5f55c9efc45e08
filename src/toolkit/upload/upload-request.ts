import { HEADER_TOKEN } from '../../contracts/constants';
import { http } from '../../providers/http';
import { session } from '../../providers/session';

export const COMMON_UPLOAD_PATH = '/sys/common/upload';
export const STATIC_FILES_PATH = '/sys/common/static';
export const PDF_PREVIEW_PATH = '/sys/common/pdf/pdfPreviewIframe';
export const PDF_MIME = 'application/pdf';

export interface UploadAnswer {
  success: boolean;
  message: string;
  raw: unknown;
}

/** Posts one file through the shared http client (multipart, 15 s timeout), with the extra form fields. */
export async function postFile(
  action: string,
  file: File,
  fields: Record<string, string>,
  options: { token?: boolean; onProgress?: (percent: number) => void } = {},
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const token = session.getToken();
  const answer = await http.upload(action, form, {
    onProgress: options.onProgress,
    headers: options.token && token ? { [HEADER_TOKEN]: token } : undefined,
  });
  return { success: answer.success !== false, message: typeof answer.message === 'string' ? answer.message : '', raw: answer };
}

/** Stored files need the session, so they are fetched through the http client and saved from a blob. */
export async function downloadStoredFile(path: string, name: string): Promise<void> {
  const blob = await http.download(`${STATIC_FILES_PATH}/${path.split(',')[0] ?? ''}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
