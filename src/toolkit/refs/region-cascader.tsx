import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regionOptions, regionValuePath } from '../../contracts/regions';

export interface RegionCascaderProps {
  value?: string;
  /** The chosen county's code (or the last level chosen), undefined when cleared. */
  onChange?: (code: string | undefined) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * 所在地区: province → city → county from the administrative-division dataset the server names areas with
 * (src/contracts/regions.ts); the form keeps the county's six-digit code. Typing filters by name (浦东).
 */
export default function RegionCascader({ value, onChange, disabled, id, placeholder, 'aria-label': ariaLabel }: RegionCascaderProps) {
  const { t } = useTranslation('crud');
  const options = useMemo(() => regionOptions(), []);
  const path = useMemo(() => regionValuePath(value), [value]);
  return (
    <Cascader
      id={id}
      aria-label={ariaLabel}
      options={options}
      value={path.length > 0 ? path : undefined}
      onChange={(next) => onChange?.(Array.isArray(next) && next.length > 0 ? String(next[next.length - 1]) : undefined)}
      disabled={disabled}
      placeholder={placeholder ?? t('regionPlaceholder')}
      showSearch={{ filter: (input, path) => path.some((option) => String(option.label).includes(input.trim())) }}
      notFoundContent={t('empty')}
      style={{ width: '100%' }}
    />
  );
}
