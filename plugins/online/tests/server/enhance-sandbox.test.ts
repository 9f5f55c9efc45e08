/**
 * The enhancement sandbox page (GET /enhance-sandbox.html): served with its own strict policy (no network, scripts
 * only inline and here, sandboxed even on its own), and its script answers its parent: a patch from
 * loaded/beforeSubmit and the list hooks, an error as text, nothing for strangers.
 */
import vm from 'node:vm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENHANCE_SANDBOX_PATH } from '../../components/enhance-sandbox';
import { ENHANCE_SANDBOX_CSP, registerEnhanceSandbox } from '../../server/enhance-sandbox-route';

const app = Fastify();
let page = '';
let csp = '';

beforeAll(async () => {
  registerEnhanceSandbox(app);
  await app.ready();
  const answer = await app.inject({ method: 'GET', url: ENHANCE_SANDBOX_PATH });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('text/html');
  csp = String(answer.headers['content-security-policy']);
  page = answer.body;
});

afterAll(async () => {
  await app.close();
});

/** Runs the page's script against a fake window; returns a way to post into it and what it posted back. */
function loadPage() {
  const script = /<script>([\s\S]*)<\/script>/.exec(page)?.[1] ?? '';
  const sent: unknown[] = [];
  const parent = { postMessage: (message: unknown) => sent.push(message) };
  let listener: ((event: { source: unknown; data: unknown }) => void) | null = null;
  const window = { parent, addEventListener: (_type: string, handler: typeof listener) => (listener = handler) };
  vm.runInNewContext(script, { window, JSON, Promise, String, Array });
  const post = async (data: unknown, source: unknown = parent) => {
    listener?.({ source, data });
    // The page answers after its hook's promise settles.
    await new Promise((resolve) => setTimeout(resolve, 10));
  };
  return { sent, post };
}

describe('enhance sandbox page', () => {
  it('has a policy that allows no network and sandboxes the page', () => {
    expect(csp).toBe(ENHANCE_SANDBOX_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("script-src 'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
  });

  it('says ready, then answers loaded and beforeSubmit with their patches', async () => {
    const { sent, post } = loadPage();
    expect(sent).toEqual([{ ready: true }]);
    const code = 'function loaded(v){ return { name: v.name + "!" } }\nfunction beforeSubmit(v){ return { total: v.qty * 2 } }';
    await post({ id: 1, code, hook: 'loaded', values: { name: '甲' } });
    await post({ id: 2, code, hook: 'beforeSubmit', values: { qty: 21 } });
    expect(sent.slice(1)).toEqual([
      { id: 1, patch: { name: '甲!' } },
      { id: 2, patch: { total: 42 } },
    ]);
  });

  it('answers the list hooks: beforeDelete(row) refusing with its reason, beforeAdd and beforeEdit', async () => {
    const { sent, post } = loadPage();
    const code = [
      "function beforeDelete(row){ if (row.status === '2') return { refuse: '已审核的单据不能删除' } }",
      'function beforeEdit(row){ return { seen: row.id } }',
      'function beforeAdd(){ return { refuse: "" } }',
    ].join('\n');
    await post({ id: 1, code, hook: 'beforeDelete', values: { id: 'a', status: '2' } });
    await post({ id: 2, code, hook: 'beforeDelete', values: { id: 'b', status: '1' } });
    await post({ id: 3, code, hook: 'beforeEdit', values: { id: 'c' } });
    await post({ id: 4, code, hook: 'beforeAdd', values: {} });
    expect(sent.slice(1)).toEqual([
      { id: 1, patch: { refuse: '已审核的单据不能删除' } },
      { id: 2, patch: null },
      { id: 3, patch: { seen: 'c' } },
      { id: 4, patch: { refuse: '' } },
    ]);
  });

  it('an error in the code, or a hook the code lacks', async () => {
    const { sent, post } = loadPage();
    await post({ id: 7, code: "function loaded(){ throw new Error('x') }", hook: 'loaded', values: {} });
    await post({ id: 8, code: 'syntax error here(', hook: 'loaded', values: {} });
    await post({ id: 9, code: 'function loaded(){ return 1 }', hook: 'beforeSubmit', values: {} });
    expect(sent[1]).toEqual({ id: 7, error: 'Error: x' });
    expect(sent[2]).toMatchObject({ id: 8, error: expect.stringContaining('SyntaxError') });
    expect(sent[3]).toEqual({ id: 9, patch: null });
  });

  it('ignores messages not from its parent and unknown hooks', async () => {
    const { sent, post } = loadPage();
    await post({ id: 1, code: 'function loaded(){ return { a: 1 } }', hook: 'loaded', values: {} }, { postMessage: () => undefined });
    await post({ id: 2, code: 'function constructor(){ return { a: 1 } }', hook: 'constructor', values: {} });
    expect(sent).toEqual([{ ready: true }]);
  });
});
