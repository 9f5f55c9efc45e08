/**
 * The list enhancement as a guard of 新增 / 编辑 / 删除: its hook's `{ refuse: '…' }` stops the action and shows the
 * reason; no hook, another answer, an empty reason or a failed run (null from the sandbox) lets the action go on.
 */
import { describe, expect, it } from 'vitest';
import { listGuard } from '../../components/cgform-gate';
import type { EnhanceHook, EnhanceSandbox, EnhanceValues } from '../../components/enhance-sandbox';

function fakeSandbox(answer: (hook: EnhanceHook, values: EnhanceValues) => EnhanceValues | null) {
  const runs: Array<[string, EnhanceHook, EnhanceValues]> = [];
  const sandbox: EnhanceSandbox = {
    run: async (code, hook, values) => {
      runs.push([code, hook, values]);
      return answer(hook, values);
    },
    dispose: () => undefined,
  };
  return { sandbox, runs };
}

describe('the list enhancement guard', () => {
  it('is none without list code', () => {
    const { sandbox } = fakeSandbox(() => null);
    expect(listGuard(null, sandbox, () => undefined)).toBeUndefined();
    expect(listGuard('  ', sandbox, () => undefined)).toBeUndefined();
  });

  it('asks the hook of each action with the row, stops on a reason and shows it', async () => {
    const { sandbox, runs } = fakeSandbox((hook, values) => (hook === 'beforeDelete' && values.status === '2' ? { refuse: '已审核的单据不能删除' } : hook === 'beforeEdit' ? { refuse: ' ' } : null));
    const warned: string[] = [];
    const guard = listGuard('function beforeDelete(){}', sandbox, (text) => warned.push(text));
    expect(await guard?.('delete', { id: 'a', status: '2' })).toBe(false);
    expect(await guard?.('delete', { id: 'b', status: '1' })).toBe(true);
    expect(await guard?.('edit', { id: 'c' })).toBe(true);
    expect(await guard?.('add')).toBe(true);
    expect(warned).toEqual(['已审核的单据不能删除']);
    expect(runs.map(([, hook, values]) => [hook, values.id])).toEqual([
      ['beforeDelete', 'a'],
      ['beforeDelete', 'b'],
      ['beforeEdit', 'c'],
      ['beforeAdd', undefined],
    ]);
  });
});
