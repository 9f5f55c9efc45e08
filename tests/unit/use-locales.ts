import { beforeAll } from 'vitest';
import { initI18n, loadNamespace } from '../../src/providers/i18n';

/** zh-CN with the given plugin namespaces loaded before the file's tests (they load lazily in the app). */
export function useLocales(...namespaces: string[]): void {
  beforeAll(async () => {
    await initI18n('zh-CN');
    await Promise.all(namespaces.map((namespace) => loadNamespace(namespace)));
  });
}
