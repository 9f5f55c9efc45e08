import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { readableShade } from '../../app/contrast';
import { itemText } from './dict-cache';
import { DICT_NAMESPACE, isProductDict, localizedDictText } from './dict-label';
import { useCachedDictItems } from './dict-select';

const HEX = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;

/**
 * A tag in an item's colour: an antd preset name as antd draws it (the theme keeps its text readable), a `#rrggbb`
 * chosen in 数据字典 as a tint of it with text dark enough to read on it (light theme) or the colour itself (dark).
 */
export function ColorTag({ color, children, testId, dict, data }: { color: string; children: string; testId?: string; dict?: string; data?: boolean }) {
  const { token } = theme.useToken();
  if (!HEX.test(color)) return <Tag color={color === 'default' ? undefined : color} data-testid={testId} data-color={color} data-dict={dict} translate={data === true ? 'no' : undefined}>{children}</Tag>;
  const dark = token.colorBgContainer !== '#ffffff';
  const solid = color.slice(0, 7);
  const style = { color: dark ? solid : readableShade(solid, 5.2), background: `${solid}1f`, borderColor: `${solid}66` };
  return (
    <Tag style={style} data-testid={testId} data-color={color} data-dict={dict} translate={data === true ? 'no' : undefined}>
      {children}
    </Tag>
  );
}

export interface DictValueProps {
  /** The dictionary's code. */
  dict: string;
  /** The stored value. */
  value: unknown;
  /** The server's text for it (`<field>_dictText`), when the record carries one. */
  text?: unknown;
  testId?: string;
}

/**
 * A dictionary value, the one way every list and detail shows one: its label in the current language, and a tag in
 * its item's colour when the item has one (a status); a plain label otherwise. Colours come from the dictionary, never
 * from the screen.
 */
export function DictValue({ dict, value, text, testId }: DictValueProps) {
  const items = useCachedDictItems(dict);
  const { i18n } = useTranslation(DICT_NAMESPACE);
  if (value === null || value === undefined || value === '') return null;
  const stored = String(value as string | number);
  // Several values (a multi-select field, `a,b`) show each.
  const values = stored.includes(',') ? stored.split(',') : [stored];
  const serverTexts = typeof text === 'string' && text !== '' ? text.split(',') : [];
  const parts = values.map((one, index) => {
    const item = items.find((candidate) => candidate.value === one);
    const serverText = serverTexts[index] ?? (item !== undefined ? itemText(item) : one);
    return { value: one, label: localizedDictText(i18n, dict, one, serverText), color: item?.color };
  });
  // A table dictionary's labels are the shop's names (translate="no"); a product dictionary's are the product's words.
  const translate = isProductDict(i18n, dict) ? undefined : 'no';
  if (parts.every((part) => part.color === undefined)) {
    return (
      <span data-testid={testId} data-dict={dict} translate={translate}>
        {parts.map((part) => part.label).join('、')}
      </span>
    );
  }
  return (
    <>
      {parts.map((part) =>
        part.color === undefined ? (
          <span key={part.value} data-dict={dict} translate={translate}>
            {part.label}
          </span>
        ) : (
          <ColorTag key={part.value} color={part.color} testId={testId} dict={dict} data={translate === 'no'}>
            {part.label}
          </ColorTag>
        ),
      )}
    </>
  );
}

/**
 * The label of a dictionary value as plain text (a message, a timeline), in the current language: what DictValue
 * shows, for places a tag does not fit. `serverText` is the record's `<field>_dictText`.
 */
export function useDictText(): (dict: string, value: unknown, serverText?: unknown) => string {
  const { i18n } = useTranslation(DICT_NAMESPACE);
  return (dict, value, serverText) => {
    if (value === null || value === undefined || value === '') return typeof serverText === 'string' ? serverText : '';
    const stored = String(value as string | number);
    return localizedDictText(i18n, dict, stored, typeof serverText === 'string' && serverText !== '' ? serverText : stored);
  };
}
