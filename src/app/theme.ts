import type { ThemeConfig } from 'antd';

/** Spec §9 default theme colour. */
export const PRIMARY_COLOR = '#fa541c';

export const THEME: ThemeConfig = { token: { colorPrimary: PRIMARY_COLOR } };

/** Exact button texts (登录, 确定) instead of antd's inserted space between two CJK characters. */
export const BUTTON_CONFIG = { autoInsertSpace: false } as const;
