import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFlatRoutes } from '../menu/flat-routes-context';
import { MOBILE_QUERY, useMediaQuery } from '../use-media-query';
import { openInNewWindow } from '../menu/menu-target';
import { matchEntries, searchableEntries } from './menu-search-match';

function isShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/** Header menu search (placeholder 搜索菜单): Ctrl/Cmd+K or a click, arrows to choose, Enter to open. */
export function MenuSearch() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const routes = useFlatRoutes();
  const entries = useMemo(() => searchableEntries(routes), [routes]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<InputRef>(null);
  const isMobile = useMediaQuery(MOBILE_QUERY);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const options = matchEntries(entries, query).map((entry) => ({
    value: entry.path,
    label: (
      <span data-path={entry.path}>
        {entry.trail}
        <span style={{ opacity: 0.45, marginLeft: 8 }}>{entry.path}</span>
      </span>
    ),
  }));

  const onSelect = (path: string) => {
    const entry = entries.find((candidate) => candidate.path === path);
    setQuery('');
    setOpen(false);
    input.current?.blur();
    if (!entry) return;
    if (entry.route.external) openInNewWindow(entry.route.meta.url || entry.path);
    else navigate(entry.path);
  };

  // Tab leaves the box and nothing else: the select would take the highlighted suggestion on Tab and navigate to it,
  // so the key never reaches it (focus still moves on; the list closes).
  const onKeyDownCapture = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    setOpen(false);
  };

  return (
    <span className="menu-search-box" onKeyDownCapture={onKeyDownCapture}>
    <AutoComplete
      className="menu-search"
      value={query}
      options={options}
      open={open}
      onOpenChange={setOpen}
      onSearch={setQuery}
      onSelect={onSelect}
      defaultActiveFirstOption
      popupMatchSelectWidth={360}
      style={{ width: isMobile ? 110 : 200 }}
      notFoundContent={t('header.menuSearchEmpty')}
    >
      <Input
        ref={input}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('header.menuSearch')}
        aria-label={t('header.menuSearchLabel')}
        allowClear
        onFocus={() => setOpen(true)}
      />
    </AutoComplete>
    </span>
  );
}
