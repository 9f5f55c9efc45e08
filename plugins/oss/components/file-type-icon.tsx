import { FileExcelOutlined, FileImageOutlined, FileOutlined, FilePdfOutlined, FilePptOutlined, FileTextOutlined, FileWordOutlined, FileZipOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { fileKindOf, type FileKind } from '../file-kinds';

const ICONS: Record<FileKind, ReactNode> = {
  image: <FileImageOutlined style={{ color: '#13c2c2' }} />,
  pdf: <FilePdfOutlined style={{ color: '#f5222d' }} />,
  word: <FileWordOutlined style={{ color: '#1677ff' }} />,
  excel: <FileExcelOutlined style={{ color: '#52c41a' }} />,
  powerpoint: <FilePptOutlined style={{ color: '#fa8c16' }} />,
  archive: <FileZipOutlined style={{ color: '#722ed1' }} />,
  text: <FileTextOutlined />,
  other: <FileOutlined />,
};

/** The icon of a file's type in the list. */
export function FileTypeIcon({ fileType }: { fileType: string | null | undefined }) {
  return <span aria-hidden>{ICONS[fileKindOf(fileType)]}</span>;
}
