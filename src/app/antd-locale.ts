// The es paths: under Vite 8 with "type":"module", antd/locale/* yields {default} (docs/reference/stack-notes.md gotcha 3).
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';

export function antdLocaleFor(language: string | undefined): Locale {
  return language?.startsWith('en') ? enUS : zhCN;
}

export function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  return antdLocaleFor(i18n.resolvedLanguage ?? i18n.language);
}
