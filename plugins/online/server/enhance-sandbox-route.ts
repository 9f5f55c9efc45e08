import type { FastifyInstance } from 'fastify';
import { ENHANCE_HOOKS, ENHANCE_SANDBOX_PATH } from '../components/enhance-sandbox';

/**
 * The page a form's JavaScript enhancement runs in (plugins/online/components/enhance-sandbox.ts loads it in an
 * `<iframe sandbox="allow-scripts">`: an opaque origin, so the code reaches neither the page, its storage, its
 * cookies nor the session token). It takes `{ id, code, hook, values }` from its parent only, runs the code (the one
 * place `new Function` is allowed), calls the hook asked for (one of ENHANCE_HOOKS) if the code defines it, and
 * answers `{ id, patch }` (a plain object of values, or null) or `{ id, error }`. A runaway loop is the parent's
 * concern: it stops waiting and throws the frame away.
 */
const SANDBOX_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>enhance sandbox</title></head><body><script>
(function () {
  'use strict';
  var HOOKS = ${JSON.stringify(ENHANCE_HOOKS)};
  var parentWindow = window.parent;
  function describe(error) {
    if (error && typeof error.message === 'string') return String(error.name || 'Error') + ': ' + error.message;
    return String(error);
  }
  function plain(value) {
    return value === undefined ? null : JSON.parse(JSON.stringify(value));
  }
  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow) return;
    var request = event.data;
    if (!request || typeof request.id !== 'number' || typeof request.code !== 'string' || HOOKS.indexOf(request.hook) < 0) return;
    var id = request.id;
    function answer(message) { parentWindow.postMessage(message, '*'); }
    try {
      var hooks = new Function(request.code + '\\n;return {' + HOOKS.map(function (name) { return name + ': typeof ' + name + ' === "function" ? ' + name + ' : null'; }).join(', ') + '};')();
      var hook = hooks[request.hook];
      if (typeof hook !== 'function') { answer({ id: id, patch: null }); return; }
      Promise.resolve(hook(plain(request.values) || {})).then(function (patch) {
        try {
          answer({ id: id, patch: patch !== null && typeof patch === 'object' && !Array.isArray(patch) ? plain(patch) : null });
        } catch (error) {
          answer({ id: id, error: describe(error) });
        }
      }, function (error) {
        answer({ id: id, error: describe(error) });
      });
    } catch (error) {
      answer({ id: id, error: describe(error) });
    }
  });
  parentWindow.postMessage({ ready: true }, '*');
})();
</script></body></html>
`;

/**
 * No network (connect-src 'none', nothing else allowed), inline script and eval only here, sandboxed even when
 * opened on its own (the `sandbox` directive), framed only by the app.
 */
export const ENHANCE_SANDBOX_CSP = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-scripts";

/**
 * `GET /enhance-sandbox.html` (a static page, outside the API base): register it on the root app, next to the
 * client (not on the API-prefixed instance plugins get in `register`: static routes may not live under it).
 */
export function registerEnhanceSandbox(app: FastifyInstance): void {
  app.get(ENHANCE_SANDBOX_PATH, { config: { access: 'static' } }, async (_request, reply) => {
    reply.header('content-security-policy', ENHANCE_SANDBOX_CSP);
    reply.header('cache-control', 'no-cache');
    reply.header('x-content-type-options', 'nosniff');
    return reply.type('text/html; charset=utf-8').send(SANDBOX_PAGE);
  });
}
