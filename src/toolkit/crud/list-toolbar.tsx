import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustomMutation, type BaseRecord } from '@refinedev/core';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionCode, type EntityDefinition } from '../../contracts/entity';
import { buildListQuery, EnvelopeError } from '../../providers/data-provider';
import { useAccess, type Access } from '../permission';
import { refusalOfBlob, saveBlob } from './save-blob';
import type { EntityList } from './use-entity-list';
import { useServerFeedback } from './use-server-feedback';

/** A toolbar button under a permission code: removed (type '1') or disabled with why (type '2'). */
export function GatedButton({ access, children }: { access: Access; children: (disabled: boolean) => ReactNode }) {
  if (!access.visible) return null;
  const button = children(access.disabled);
  return access.disabled && access.reason !== undefined ? <Tooltip title={access.reason}>{button}</Tooltip> : <>{button}</>;
}

/** 新增, under `<prefix>:add`. */
export function CreateButton({ entity, onClick }: { entity: EntityDefinition; onClick: () => void }) {
  const { t } = useTranslation('crud');
  const access = useAccess(permissionCode(entity, 'add'));
  return (
    <GatedButton access={access}>
      {(disabled) => (
        <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={onClick}>
          {t('add')}
        </Button>
      )}
    </GatedButton>
  );
}

/** 批量删除 of the selected rows, under `<prefix>:deleteBatch`; shown once rows are selected. */
export function BatchDeleteButton<T extends BaseRecord>({ list }: { list: EntityList<T> }) {
  const { t } = useTranslation('crud');
  const access = useAccess(permissionCode(list.entity, 'deleteBatch'));
  if (list.selected.length === 0) return null;
  return (
    <GatedButton access={access}>
      {(disabled) => (
        <Popconfirm title={t('confirmBatchDelete', { count: list.selected.length })} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => list.removeSelected()} disabled={disabled}>
          <Button danger icon={<DeleteOutlined />} disabled={disabled} loading={list.deleting}>
            {t('batchDelete')}
          </Button>
        </Popconfirm>
      )}
    </GatedButton>
  );
}

/**
 * A file from the server saved under `fileName` (an export, a template): the server's refusal, which
 * arrives as a JSON blob, shows as a message instead of a saved file.
 */
export function useFileDownload() {
  const feedback = useServerFeedback();
  const { mutateAsync, mutation } = useCustomMutation<Blob & BaseRecord>();
  const download = async (url: string, fileName: string, query: Record<string, unknown> = {}) => {
    try {
      const { data } = await mutateAsync({ url, method: 'post', values: {}, config: {}, meta: { download: true, query }, successNotification: false, errorNotification: false });
      const refused = await refusalOfBlob(data);
      if (refused !== null) feedback.failed(new EnvelopeError(refused, 500));
      else saveBlob(data, fileName);
    } catch (error) {
      feedback.failed(error);
    }
  };
  return { download, downloading: mutation.isPending };
}

/** 导出: the rows the list shows (its filters and sort; the selected ones when any), as .xlsx. */
export function ExportButton<T extends BaseRecord>({ list }: { list: EntityList<T> }) {
  const { t } = useTranslation('crud');
  const access = useAccess(permissionCode(list.entity, 'exportXls'));
  const { download, downloading } = useFileDownload();

  const run = async () => {
    const query = buildListQuery({ pagination: { mode: 'off' }, sorters: list.sorters, filters: list.filters, meta: list.meta });
    if (list.selected.length > 0) query.selections = list.selected.join(',');
    await download(`${list.entity.api}/exportXls`, `${list.entity.title !== undefined ? t(list.entity.title) : list.entity.table}.xlsx`, query);
  };

  return (
    <GatedButton access={access}>
      {(disabled) => (
        <Button icon={<DownloadOutlined />} disabled={disabled} loading={downloading} onClick={() => void run()}>
          {t('export')}
        </Button>
      )}
    </GatedButton>
  );
}

/** A file the server makes (e.g. an import template) under a permission code, saved as `fileName`. */
export function DownloadButton({ url, fileName, permission, label }: { url: string; fileName: string; permission: string; label: string }) {
  const access = useAccess(permission);
  const { download, downloading } = useFileDownload();
  return (
    <GatedButton access={access}>
      {(disabled) => (
        <Button icon={<DownloadOutlined />} disabled={disabled} loading={downloading} onClick={() => void download(url, fileName)}>
          {label}
        </Button>
      )}
    </GatedButton>
  );
}
