import i18next from 'i18next';
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { expiringStorage } from '../storage';
import { STORAGE_KEYS } from '../storage-keys';

export const DEFAULT_LANGUAGE = 'zh-CN';
export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
/** The core namespaces (bundled for the default language); every plugin namespace is loaded when first needed. */
export const CORE_NAMESPACES = ['common', 'http'] as const;

type LocaleModule = ResourceKey;

// Only the default language's core namespaces are bundled (glob patterns must be literals: zh-CN is
// DEFAULT_LANGUAGE): every other language loads like a plugin namespace, keeping the login bundle small.
// Start-up (initI18n) and changeLanguage wait for those loads, so nothing renders untranslated.
const eagerLocales = import.meta.glob<LocaleModule>('../../../locales/zh-CN/{common,http}.json', {
  eager: true,
  import: 'default',
});
const lazyLocales = import.meta.glob<LocaleModule>(
  ['../../../locales/*/*.json', '!../../../locales/zh-CN/{common,http}.json'],
  { import: 'default' },
);

const LOCALE_PATH = /\/locales\/([^/]+)\/([^/]+)\.json$/;

function bundledResources(): Record<string, Record<string, ResourceKey>> {
  const resources: Record<string, Record<string, ResourceKey>> = {};
  for (const [path, content] of Object.entries(eagerLocales)) {
    const match = LOCALE_PATH.exec(path);
    if (!match?.[1] || !match[2]) continue;
    (resources[match[1]] ??= {})[match[2]] = content;
  }
  return resources;
}

function lazyLoaderFor(language: string, namespace: string): (() => Promise<LocaleModule>) | undefined {
  return lazyLocales[`../../../locales/${language}/${namespace}.json`];
}

/** Loads plugin namespaces from their own chunks (resourcesToBackend-style, written inline). */
const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyLoaderFor(language, namespace);
    if (!load) {
      // An unknown namespace/language is not an error: the fallback language or the key shows.
      callback(null, {});
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

function isSupported(language: unknown): language is SupportedLanguage {
  return typeof language === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(language);
}

export function getStoredLanguage(): SupportedLanguage {
  const stored = expiringStorage.get<unknown>(STORAGE_KEYS.language);
  return isSupported(stored) ? stored : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: string): void {
  if (isSupported(language)) expiringStorage.set(STORAGE_KEYS.language, language, null);
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

let initialised: Promise<unknown> | null = null;

/**
 * Initialises the shared instance once; later calls only switch the language. The core namespaces are
 * bundled, so `t` works synchronously right after the call.
 */
export function initI18n(language?: string): Promise<unknown> {
  if (initialised) {
    return language && language !== i18n.language ? i18n.changeLanguage(language) : initialised;
  }
  initialised = i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: isSupported(language) ? language : getStoredLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...CORE_NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      resources: bundledResources(),
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return initialised;
}

/** Loads a plugin's namespace before its first screen renders. */
export function loadNamespace(namespace: string): Promise<void> {
  return i18n.loadNamespaces(namespace);
}

// The http client translates its messages even before the app shell initialises i18n.
void initI18n();
