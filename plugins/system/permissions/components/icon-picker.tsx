import { CloseCircleFilled } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Modal, Space, Spin } from 'antd';
import { createElement, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './icon-picker.css';
import { MenuIcon } from '../../../../src/shell/menu/menu-icons';
import { useOutlinedIcons, type IconSet } from '../../../../src/shell/menu/use-outlined-icons';

export interface IconPickerProps {
  /** The stored kebab-case icon name (`setting`, `bar-chart`). */
  value?: string | null;
  onChange?: (name: string | null) => void;
  id?: string;
  disabled?: boolean;
}

/** Names containing the search text (case and separators ignored: `barchart` finds `bar-chart`). */
export function filterIconNames(names: Iterable<string>, search: string): string[] {
  const wanted = search.trim().toLowerCase().replace(/[\s_-]+/g, '');
  const all = [...names];
  if (wanted === '') return all;
  return all.filter((name) => name.replaceAll('-', '').includes(wanted));
}

function IconGrid({ icons, search, selected, onPick }: { icons: IconSet; search: string; selected: string | null; onPick: (name: string) => void }) {
  const { t } = useTranslation('sysPermission');
  const names = filterIconNames(icons.keys(), search);
  if (names.length === 0) return <Empty description={t('iconPicker.empty')} />;
  return (
    <div className="icon-picker-grid" role="listbox" aria-label={t('iconPicker.title')}>
      {names.map((name) => {
        const Icon = icons.get(name);
        // Plain buttons: hundreds of antd Buttons (each with its wave effect) make the dialog slow to open.
        return (
          <button key={name} type="button" role="option" aria-selected={name === selected} title={name} className="icon-picker-option" onClick={() => onPick(name)}>
            <span className="icon-picker-glyph">{Icon !== undefined ? createElement(Icon) : null}</span>
            <span className="icon-picker-name">{name}</span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * 菜单图标: shows the chosen icon and opens a searchable grid of the outlined antd icons (loaded on
 * demand); emits the kebab-case name the menus store.
 */
export function IconPicker({ value, onChange, id, disabled }: IconPickerProps) {
  const { t } = useTranslation('sysPermission');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const { icons, failed, retry } = useOutlinedIcons();
  const current = value ?? null;

  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          disabled={disabled}
          value={current ?? ''}
          placeholder={t('iconPicker.placeholder')}
          // Always the same prefix/suffix elements: antd warns (and drops focus) when they come and go.
          prefix={<span className="icon-picker-preview">{current !== null ? <MenuIcon name={current} /> : null}</span>}
          suffix={
            <span className="icon-picker-clear">
              {current !== null && !disabled ? (
                <CloseCircleFilled
                  role="button"
                  aria-label={t('iconPicker.clear')}
                  onClick={(event) => {
                    event.stopPropagation();
                    onChange?.(null);
                  }}
                />
              ) : null}
            </span>
          }
          onClick={() => !disabled && setOpen(true)}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          {t('iconPicker.choose')}
        </Button>
      </Space.Compact>
      <Modal open={open} title={t('iconPicker.title')} footer={null} width={800} onCancel={() => setOpen(false)} destroyOnHidden>
        <Input.Search allowClear value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('iconPicker.search')} aria-label={t('iconPicker.search')} style={{ marginBottom: 16 }} />
        {failed ? (
          <Alert
            type="error"
            showIcon
            message={t('iconPicker.loadError')}
            action={
              <Button size="small" onClick={retry}>
                {t('retry')}
              </Button>
            }
          />
        ) : icons === null ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <IconGrid icons={icons} search={deferredSearch} selected={current} onPick={pick} />
        )}
      </Modal>
    </>
  );
}
