import { beforeAll, beforeEach } from 'vitest';
import { loadNamespace } from '../../../../src/providers/i18n';
import { loadLocales, signInClerk } from '../../../../tests/unit/customers/list-harness';
import { fail, mockServer, ok } from '../../../../tests/unit/providers/mock-adapter';

/**
 * The designer tests' common start: the locales, a signed-in clerk and a server answering addAll (refused with
 * 表名已存在 while `refuse()` says so). Returns the bodies posted to addAll, emptied before each test.
 */
export function useDesignerServer<T = unknown>(options: { refuse?: () => boolean } = {}): T[] {
  const posted: T[] = [];
  beforeAll(async () => {
    await loadLocales();
    await loadNamespace('online');
  });
  beforeEach(() => {
    signInClerk();
    posted.length = 0;
    mockServer((config) => {
      if (config.url === '/online/cgform/api/addAll') {
        posted.push(JSON.parse(String(config.data)) as T);
        return { status: 200, data: options.refuse?.() === true ? fail('表名已存在') : ok({ id: 'h1' }, '添加成功！') };
      }
      return { status: 404 };
    });
  });
  return posted;
}
