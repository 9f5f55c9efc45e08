import type { ApiResult } from '../../contracts/envelope';
import type { EntityDefinition } from '../../contracts/entity';
import { http } from '../../providers/http';

/** The entity's write and file calls; each resolves to the envelope so screens show the server's message. */
export function crudApi(entity: Pick<EntityDefinition, 'api'>) {
  const { api } = entity;
  return {
    queryById: <T>(id: string): Promise<ApiResult<T>> => http.get<T>(`${api}/queryById`, { id }),
    add: (values: Record<string, unknown>) => http.post(`${api}/add`, values),
    edit: (id: string, values: Record<string, unknown>) => http.put(`${api}/edit`, { ...values, id }),
    remove: (id: string) => http.delete(`${api}/delete`, { id }),
    removeBatch: (ids: readonly string[]) => http.delete(`${api}/deleteBatch`, { ids: `${ids.join(',')},` }),
    exportXls: (params: Record<string, unknown>) => http.download(`${api}/exportXls`, params),
    importExcel: (file: Blob, fileName: string, onProgress?: (percent: number) => void) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return http.upload<ImportResult | null>(`${api}/importExcel`, form, { onProgress: onProgress ? (percent) => onProgress(percent) : undefined });
    },
  };
}

/** The result of a partially failed import (code 201). */
export interface ImportResult {
  total: number;
  imported: number;
  failed: number;
  errors: Array<{ row: number; message: string }>;
}

/** Hands a downloaded Blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
