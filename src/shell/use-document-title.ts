import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/spec.md §2 Tabs: the document title is the page title followed by the platform name. */
export function documentTitle(pageTitle: string | undefined, platformName: string): string {
  return pageTitle ? `${pageTitle} - ${platformName}` : platformName;
}

export function useDocumentTitle(pageTitle: string | undefined): void {
  const { t } = useTranslation('common');
  const platformName = t('platformName');
  useEffect(() => {
    document.title = documentTitle(pageTitle, platformName);
  }, [pageTitle, platformName]);
}
