import { ShopOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './user-layout.css';

/** Wraps the login pages; the route named registerStore uses the wide variant (docs/spec.md §2 Layouts). */
export function UserLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={wide ? 'user-layout user-layout-wide' : 'user-layout'}>
      <div className="user-layout-content">
        <div className="user-layout-top">
          <div className="user-layout-brand">
            <ShopOutlined className="user-layout-logo" aria-hidden />
            <h1 style={{ margin: 0, fontSize: 'inherit' }}>{t('platformName')}</h1>
          </div>
          <p className="user-layout-welcome">{t('welcome')}</p>
        </div>
        <main className="user-layout-main">{children}</main>
      </div>
      <footer className="user-layout-footer">{t('footer')}</footer>
    </div>
  );
}
