import { Image, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityListPage, useEntityDelete, useFileDownload } from '../../../src/toolkit/crud';
import { useStoredFileUrl } from '../../../src/toolkit/upload';
import { PdfPreview } from '../../../src/toolkit/upload/pdf-preview';
import { FileTypeIcon } from '../components/file-type-icon';
import { OssUpload } from '../components/oss-upload';
import { humanSize, previewOf } from '../file-kinds';
import { OSS_FILE_API, OSS_PERMISSIONS, ossFileEntity, type OssFileRecord } from '../entities';

interface Previewed {
  key: string;
  name: string;
}

/** The image preview of a stored picture, fetched with the session and shown in antd's preview. */
function ImagePreview({ file, onClose }: { file: Previewed; onClose: () => void }) {
  const { url } = useStoredFileUrl(file.key);
  if (url === null) return null;
  return <Image style={{ display: 'none' }} alt={file.name} src={url} preview={{ visible: true, src: url, onVisibleChange: (visible) => !visible && onClose() }} />;
}

/** 文件管理: the tenant's stored files; upload with progress, preview, download, delete. */
export default function OssFileListPage() {
  const { t } = useTranslation('oss');
  const { remove } = useEntityDelete(ossFileEntity);
  const [image, setImage] = useState<Previewed | null>(null);
  const [pdf, setPdf] = useState<Previewed | null>(null);
  // 下载: through the data provider with the session, saved under the file's original name.
  const { download } = useFileDownload();

  const preview = (record: OssFileRecord) => {
    const target = { key: record.fileKey ?? '', name: record.fileName ?? '' };
    if (previewOf(record.fileType) === 'image') setImage(target);
    else setPdf(target);
  };

  return (
    <>
      <EntityListPage<OssFileRecord>
        entity={ossFileEntity}
        without={['create', 'edit', 'delete', 'import', 'export']}
        renderers={{
          fileName: (_value, record) => (
            <Space size={6}>
              <FileTypeIcon fileType={record.fileType} />
              <span>{record.fileName}</span>
            </Space>
          ),
          fileSize: (_value, record) => humanSize(record.fileSize),
        }}
        toolbarExtra={(list) => <OssUpload onUploaded={list.refresh} />}
        rowActions={() => [
          { key: 'preview', label: t('preview'), code: OSS_PERMISSIONS.download, showFor: (record) => previewOf(record.fileType) !== null, onClick: preview },
          { key: 'download', label: t('download'), code: OSS_PERMISSIONS.download, onClick: (record) => void download(OSS_FILE_API.download, record.fileName ?? record.id, { id: record.id }) },
          { key: 'delete', label: t('delete'), code: OSS_PERMISSIONS.delete, danger: true, confirm: (record) => t('confirmDelete', { name: record.fileName }), onClick: (record) => remove(record.id) },
        ]}
      />
      {image !== null ? <ImagePreview file={image} onClose={() => setImage(null)} /> : null}
      <PdfPreview path={pdf?.key ?? null} name={pdf?.name ?? ''} onClose={() => setPdf(null)} />
    </>
  );
}
