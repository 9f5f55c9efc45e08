import { DeleteOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import type { UploadFile } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredImage } from './stored-image';
import { responsePath } from './upload-values';

export const IMAGE_THUMBNAIL_SIZE = 84;

/** The stored path of a finished upload: the answer's path, else the path it was loaded with. */
export function storedPathOf(file: UploadFile): string | null {
  if (file.status !== 'done') return null;
  return responsePath(file.response) ?? (file.url || null);
}

export interface ImageUploadItemProps {
  file: UploadFile;
  /** antd's own rendering, kept while the file uploads or after it failed. */
  original: ReactNode;
  onRemove: () => void;
  onMove: (direction: 'left' | 'right') => void;
}

/** A picture card of the image-mode widget: the stored picture's thumbnail (preview on click), delete, and moves. */
export function ImageUploadItem({ file, original, onRemove, onMove }: ImageUploadItemProps) {
  const { t } = useTranslation('toolkit');
  const { token } = theme.useToken();
  const path = storedPathOf(file);
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }} data-upload-item={file.name}>
      {path === null ? (
        original
      ) : (
        <div
          style={{
            width: '100%',
            height: '100%',
            padding: 8,
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadiusLG,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          <StoredImage value={path} alt={file.name} size={IMAGE_THUMBNAIL_SIZE} />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('upload.removeFile', { name: file.name })}
            onClick={onRemove}
            style={{ position: 'absolute', top: 2, right: 2, background: token.colorBgContainer }}
          />
        </div>
      )}
      <div style={{ position: 'absolute', bottom: -22, left: 0, right: 0, display: 'flex', justifyContent: 'space-between' }}>
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('upload.moveLeft', { name: file.name })} onClick={() => onMove('left')} />
        <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('upload.moveRight', { name: file.name })} onClick={() => onMove('right')} />
      </div>
    </div>
  );
}
