/**
 * A form's JavaScript enhancement (CgformEntity.enhanceJs) runs here, never in the page: in a hidden
 * `<iframe sandbox="allow-scripts">` (no allow-same-origin: an opaque origin, so no access to the page, its storage,
 * cookies or session token) loading the server's sandbox page (plugins/online/server/enhance-sandbox-route.ts),
 * whose own policy allows no network at all. The page answers each `{ id, code, hook, values }` with `{ id, patch }`
 * or `{ id, error }`; past the time limit the frame is thrown away (a runaway loop dies with it) and a new one made
 * for the next call. Any error or timeout is logged as docs/spec.md §5 says and yields no patch: the form keeps working.
 * (No DOM at import: the server imports the path and hook names from here.)
 */

/** The sandbox page, outside the API base. */
export const ENHANCE_SANDBOX_PATH = '/enhance-sandbox.html';

/**
 * The functions an enhancement may define. The form's: `loaded(values)` when the form opens, `beforeSubmit(values)`
 * before it saves (an object returned patches the values). The list's (JeecgBoot's list hooks): `beforeAdd()`,
 * `beforeEdit(row)`, `beforeDelete(row)` before the action starts; returning `{ refuse: '…' }` stops it with that text.
 */
export const ENHANCE_HOOKS = ['loaded', 'beforeSubmit', 'beforeAdd', 'beforeEdit', 'beforeDelete'] as const;
export type EnhanceHook = (typeof ENHANCE_HOOKS)[number];


/** How long one hook may run. */
export const ENHANCE_TIME_LIMIT_MS = 1000;
/** How long a new frame may take to load before a call gives up. */
export const ENHANCE_LOAD_LIMIT_MS = 10_000;

export type EnhanceValues = Record<string, unknown>;

export interface EnhanceRequest {
  id: number;
  code: string;
  hook: EnhanceHook;
  values: EnhanceValues;
}

/** One frame: posts requests into it; `destroy` removes it (and stops whatever runs in it). */
export interface SandboxFrame {
  post: (request: EnhanceRequest) => void;
  destroy: () => void;
}

/** Makes a frame whose messages (`{ ready }`, `{ id, patch }`, `{ id, error }`) go to `onMessage`. */
export type SandboxFrameFactory = (onMessage: (data: unknown) => void) => SandboxFrame;

export interface EnhanceSandboxOptions {
  createFrame?: SandboxFrameFactory;
  timeLimitMs?: number;
  loadLimitMs?: number;
  /** What a failure is logged as (docs/spec.md §5: 用户自定义JS增强代码运行出错, the `online:enhance.runFailed` text). */
  errorMessage: () => string;
  /** Where failures are reported (default console.error). */
  report?: (message: string, error: unknown) => void;
}

export interface EnhanceSandbox {
  /** Runs one hook of the code: the patch of values it returned, or null (no hook, no patch, an error or a timeout). */
  run: (code: string, hook: EnhanceHook, values: EnhanceValues) => Promise<EnhanceValues | null>;
  /** Removes the frame; calls still waiting get null. */
  dispose: () => void;
}

/** The real frame: hidden, sandboxed to scripts only, listening to its own window's messages alone. */
export const iframeFactory: SandboxFrameFactory = (onMessage) => {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.dataset.testid = 'enhance-sandbox';
  frame.style.display = 'none';
  frame.src = ENHANCE_SANDBOX_PATH;
  const listener = (event: MessageEvent) => {
    if (event.source !== null && event.source === frame.contentWindow) onMessage(event.data);
  };
  window.addEventListener('message', listener);
  document.body.appendChild(frame);
  return {
    // The frame's origin is opaque ('null'): '*' is the only target it matches; the frame is ours alone.
    post: (request) => frame.contentWindow?.postMessage(request, '*'),
    destroy: () => {
      window.removeEventListener('message', listener);
      frame.remove();
    },
  };
};

interface Waiting {
  request: EnhanceRequest;
  resolve: (patch: EnhanceValues | null) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Values as plain JSON data (dates as text, nothing a frame could not receive). */
function plainValues(values: EnhanceValues): EnhanceValues {
  return JSON.parse(JSON.stringify(values ?? {})) as EnhanceValues;
}

export function createEnhanceSandbox(options: EnhanceSandboxOptions): EnhanceSandbox {
  const createFrame = options.createFrame ?? iframeFactory;
  const timeLimit = options.timeLimitMs ?? ENHANCE_TIME_LIMIT_MS;
  const loadLimit = options.loadLimitMs ?? ENHANCE_LOAD_LIMIT_MS;
  const report = options.report ?? ((message: string, error: unknown) => console.error(message, error));
  let frame: SandboxFrame | null = null;
  let ready = false;
  let loadTimer: ReturnType<typeof setTimeout> | null = null;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const settle = (id: number, patch: EnhanceValues | null, error?: unknown) => {
    const entry = waiting.get(id);
    if (entry === undefined) return;
    waiting.delete(id);
    if (entry.timer !== null) clearTimeout(entry.timer);
    if (error !== undefined) report(options.errorMessage(), error);
    entry.resolve(patch);
  };

  /** Throws the frame away: every call still waiting fails with `error`. */
  const discard = (error: unknown) => {
    if (loadTimer !== null) clearTimeout(loadTimer);
    loadTimer = null;
    frame?.destroy();
    frame = null;
    ready = false;
    for (const id of [...waiting.keys()]) settle(id, null, error);
  };

  const send = (entry: Waiting) => {
    entry.timer = setTimeout(() => discard(new Error(`the enhancement ran over ${timeLimit} ms and was stopped`)), timeLimit);
    frame?.post(entry.request);
  };

  const onMessage = (data: unknown) => {
    if (!isPlainObject(data)) return;
    if (data.ready === true) {
      ready = true;
      if (loadTimer !== null) clearTimeout(loadTimer);
      loadTimer = null;
      for (const entry of waiting.values()) if (entry.timer === null) send(entry);
      return;
    }
    if (typeof data.id !== 'number') return;
    if (typeof data.error === 'string') settle(data.id, null, new Error(data.error));
    else settle(data.id, isPlainObject(data.patch) ? data.patch : null);
  };

  const ensureFrame = () => {
    if (frame !== null) return;
    ready = false;
    frame = createFrame(onMessage);
    loadTimer = setTimeout(() => discard(new Error('the enhancement sandbox did not load')), loadLimit);
  };

  return {
    run: (code, hook, values) => {
      if (code.trim() === '') return Promise.resolve(null);
      let request: EnhanceRequest;
      try {
        request = { id: nextId++, code, hook, values: plainValues(values) };
      } catch (error) {
        report(options.errorMessage(), error);
        return Promise.resolve(null);
      }
      return new Promise<EnhanceValues | null>((resolve) => {
        const entry: Waiting = { request, resolve, timer: null };
        waiting.set(request.id, entry);
        ensureFrame();
        if (ready) send(entry);
      });
    },
    dispose: () => {
      if (loadTimer !== null) clearTimeout(loadTimer);
      loadTimer = null;
      frame?.destroy();
      frame = null;
      ready = false;
      for (const id of [...waiting.keys()]) settle(id, null);
    },
  };
}
