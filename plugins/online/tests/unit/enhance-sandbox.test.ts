/**
 * The parent side of the enhancement sandbox (docs/spec.md §5): a patch comes back; an error or a timeout is logged as
 * 用户自定义JS增强代码运行出错 and yields no patch; a timed-out frame is thrown away and a new one made.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import zh from '../../../../locales/zh-CN/online.json';
import { createEnhanceSandbox as create, type EnhanceRequest, type EnhanceSandboxOptions, type SandboxFrameFactory } from '../../components/enhance-sandbox';

/** The product language's text, as the generated list passes it (docs/spec.md §5). */
const SPEC_MESSAGE = zh.enhance.runFailed;
const createEnhanceSandbox = (options: Omit<EnhanceSandboxOptions, 'errorMessage'>) => create({ errorMessage: () => SPEC_MESSAGE, ...options });

/** A frame that answers as `behave` says, after it reported ready. */
function fakeFrames(behave: (request: EnhanceRequest, answer: (data: unknown) => void) => void) {
  const made: Array<{ destroyed: boolean; posted: EnhanceRequest[] }> = [];
  const factory: SandboxFrameFactory = (onMessage) => {
    const frame = { destroyed: false, posted: [] as EnhanceRequest[] };
    made.push(frame);
    queueMicrotask(() => onMessage({ ready: true }));
    return {
      post: (request) => {
        frame.posted.push(request);
        behave(request, (data) => {
          if (!frame.destroyed) onMessage(data);
        });
      },
      destroy: () => {
        frame.destroyed = true;
      },
    };
  };
  return { factory, made };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('enhance sandbox (parent side)', () => {
  it('posts the code, the hook and plain values; hands back the patch', async () => {
    const { factory, made } = fakeFrames((request, answer) => answer({ id: request.id, patch: { name: `${String(request.values.name)}!` } }));
    const report = vi.fn();
    const sandbox = createEnhanceSandbox({ createFrame: factory, report });
    const patch = await sandbox.run('function loaded(v){ return { name: v.name + "!" } }', 'loaded', { name: '甲', when: new Date('2026-01-02T03:04:05Z') });
    expect(patch).toEqual({ name: '甲!' });
    expect(made).toHaveLength(1);
    expect(made[0]?.posted[0]).toMatchObject({ hook: 'loaded', code: 'function loaded(v){ return { name: v.name + "!" } }', values: { name: '甲', when: '2026-01-02T03:04:05.000Z' } });
    expect(report).not.toHaveBeenCalled();
    // The same frame serves the next call.
    await sandbox.run('x', 'beforeSubmit', { name: '乙' });
    expect(made).toHaveLength(1);
    sandbox.dispose();
    expect(made[0]?.destroyed).toBe(true);
  });

  it('an error in the code: logged as 用户自定义JS增强代码运行出错, no patch', async () => {
    expect(SPEC_MESSAGE).toBe('用户自定义JS增强代码运行出错');
    const { factory } = fakeFrames((request, answer) => answer({ id: request.id, error: 'Error: x' }));
    const report = vi.fn();
    const sandbox = createEnhanceSandbox({ createFrame: factory, report });
    expect(await sandbox.run("function loaded(){ throw new Error('x') }", 'loaded', {})).toBeNull();
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toBe(SPEC_MESSAGE);
    expect(String(report.mock.calls[0]?.[1])).toContain('Error: x');
  });

  it('the default report is console.error with the spec message', async () => {
    const { factory } = fakeFrames((request, answer) => answer({ id: request.id, error: 'TypeError: boom' }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sandbox = createEnhanceSandbox({ createFrame: factory });
    await sandbox.run('boom()', 'beforeSubmit', {});
    expect(spy).toHaveBeenCalledWith('用户自定义JS增强代码运行出错', expect.any(Error));
    spy.mockRestore();
  });

  it('a runaway hook: given up after the time limit, the frame replaced, the next call answered', async () => {
    vi.useFakeTimers();
    let hang = true;
    const { factory, made } = fakeFrames((request, answer) => {
      if (!hang) answer({ id: request.id, patch: { ok: 1 } });
    });
    const report = vi.fn();
    const sandbox = createEnhanceSandbox({ createFrame: factory, report, timeLimitMs: 1000 });
    const running = sandbox.run('function loaded(){ while(true){} }', 'loaded', {});
    await vi.advanceTimersByTimeAsync(999);
    expect(report).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(await running).toBeNull();
    expect(report).toHaveBeenCalledWith(SPEC_MESSAGE, expect.any(Error));
    expect(made[0]?.destroyed).toBe(true);

    hang = false;
    const next = sandbox.run('function loaded(){ return { ok: 1 } }', 'loaded', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(await next).toEqual({ ok: 1 });
    expect(made).toHaveLength(2);
    expect(made[1]?.destroyed).toBe(false);
  });

  it('no code: nothing runs; a frame that never loads gives up with the message', async () => {
    vi.useFakeTimers();
    const factory = vi.fn<SandboxFrameFactory>(() => ({ post: () => undefined, destroy: () => undefined }));
    const report = vi.fn();
    const sandbox = createEnhanceSandbox({ createFrame: factory, report, loadLimitMs: 5000 });
    expect(await sandbox.run('   ', 'loaded', {})).toBeNull();
    expect(factory).not.toHaveBeenCalled();
    const waiting = sandbox.run('function loaded(){}', 'loaded', {});
    await vi.advanceTimersByTimeAsync(5001);
    expect(await waiting).toBeNull();
    expect(report).toHaveBeenCalledWith(SPEC_MESSAGE, expect.any(Error));
  });

  it('answers that are not a plain object patch give no patch', async () => {
    const { factory } = fakeFrames((request, answer) => {
      answer({ id: 999, patch: { stray: true } });
      answer({ id: request.id, patch: ['not', 'an', 'object'] });
    });
    const sandbox = createEnhanceSandbox({ createFrame: factory, report: vi.fn() });
    expect(await sandbox.run('x', 'loaded', {})).toBeNull();
  });
});
