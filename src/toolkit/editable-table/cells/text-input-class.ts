import { ConfigProvider } from 'antd';
import { useSharedStyle } from 'antd/es/input/style';
import { createContext, useContext, useMemo, type ReactElement } from 'react';

/**
 * The class names antd's small outlined `Input` gives its <input>, for the text cells' plain inputs.
 * Why plain inputs: antd's Input is a controlled component whose every keystroke re-renders it (and
 * its style hooks) and commits; a plain input the cell leaves alone costs the keystroke no render at
 * all, which is what keeps a 10,000-row table's typing near a bare input's (npm run bench:table).
 */
export interface TextInputClass {
  /** The input's own prefix (`ant-input`), for the status and disabled modifiers. */
  prefix: string;
  /** Base, size, variant and the theme's hash class, as antd's Input renders them. */
  base: string;
}

const PLAIN: TextInputClass = { prefix: 'ant-input', base: 'ant-input ant-input-sm ant-input-outlined' };

export const TextInputClassContext = createContext<TextInputClass>(PLAIN);

/**
 * Registers antd's input styles (the same style hook antd's Input calls) once for a table and gives
 * the classes; `wrap` adds antd's CSS-variable style when the theme uses CSS variables.
 */
export function useTextInputClass(): { value: TextInputClass; wrap: (node: ReactElement) => ReactElement } {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('input');
  // cssVarCls is undefined at run time when the theme has no CSS variables, whatever its type says.
  const [wrap, hashId, cssVarCls] = useSharedStyle(prefix);
  const base = [prefix, `${prefix}-sm`, hashId, cssVarCls, `${prefix}-outlined`].filter((name) => typeof name === 'string' && name !== '').join(' ');
  const value = useMemo(() => ({ prefix, base }), [prefix, base]);
  return { value, wrap };
}

/** The classes of one text cell's input. */
export function textInputClassName({ prefix, base }: TextInputClass, invalid: boolean, disabled: boolean): string {
  return `${base}${invalid ? ` ${prefix}-status-error` : ''}${disabled ? ` ${prefix}-disabled` : ''}`;
}
