import { theme } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useId } from 'react';

export interface LoginTab {
  key: string;
  label: string;
  content: ReactNode;
}

interface LoginTabsProps {
  tabs: readonly LoginTab[];
  activeKey: string;
  onChange(key: string): void;
}

/**
 * A WAI-ARIA tab strip styled like antd Tabs. antd's Tabs brings its overflow menu, dropdown and
 * trigger (~40 KB gzip) into the login bundle; two fixed tabs need none of that.
 */
export function LoginTabs({ tabs, activeKey, onChange }: LoginTabsProps) {
  const { token } = theme.useToken();
  const idPrefix = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const position = tabs.findIndex((tab) => tab.key === activeKey);
    const step = event.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(position + step) % tabs.length];
    if (!next) return;
    onChange(next.key);
    document.getElementById(`${idPrefix}-tab-${next.key}`)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        onKeyDown={onKeyDown}
        style={{
          display: 'flex',
          justifyContent: 'center',
          gap: 32,
          marginBottom: 24,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <button
              key={tab.key}
              id={`${idPrefix}-tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onChange(tab.key)}
              style={{
                padding: '12px 0',
                marginBottom: -1,
                border: 0,
                borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
                background: 'none',
                color: active ? token.colorPrimary : token.colorText,
                fontSize: token.fontSizeLG,
                cursor: 'pointer',
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`${idPrefix}-panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${tab.key}`}
          hidden={tab.key !== activeKey}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
