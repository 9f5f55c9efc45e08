import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BreadcrumbEntry } from '../../routing/menu-routes';
import { breadcrumbItems } from './breadcrumb-items';

export function AppBreadcrumb({ chain, pathname }: { chain: readonly BreadcrumbEntry[]; pathname: string }) {
  const { t } = useTranslation('common');
  const items = breadcrumbItems(t('home'), chain, pathname).map(({ title, path }) => ({
    key: path ?? title,
    title: path ? <Link to={path}>{title}</Link> : title,
  }));
  return <Breadcrumb items={items} aria-label={t('layout.breadcrumb')} style={{ marginBottom: 16 }} />;
}
