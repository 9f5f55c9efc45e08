import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../src/toolkit/crud';

export interface ReportExportButtonProps {
  /** The export route, e.g. '/report/sales/exportXls'. */
  url: string;
  /** Its query (beginDate, endDate …); empty values are left out. */
  query: Record<string, string | undefined>;
  /** The saved file's name, e.g. 销售报表.xlsx. */
  fileName: string;
  /** The export's permission code (REPORT_PERMS.*Export); the button is removed or disabled without it. */
  permission: string;
  /** The button text (default 导出). */
  label?: string;
}

/** 导出: downloads `<url>?<query>` with the session (the toolkit's DownloadButton); a refusal shows as a message. */
export function ReportExportButton({ url, query, fileName, permission, label }: ReportExportButtonProps) {
  const { t } = useTranslation('reports');
  const params = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, value]])));
  const search = params.toString();
  return <DownloadButton url={search === '' ? url : `${url}?${search}`} fileName={fileName} permission={permission} label={label ?? t('export')} />;
}
