import type { FastifyInstance } from 'fastify';
import { hasControlCharacters, invalidInput, REASON } from './schemas';

/** Deeper than any body the API takes; a deeper one is refused rather than walked. */
const MAX_DEPTH = 16;

/** The path of the first string (or key) carrying a control character, '' for the body itself, null when clean. */
function firstControlCharacter(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const childPath = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    if (hasControlCharacters(key)) return childPath;
    const found = firstControlCharacter(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A body schema naming its fields checks their text itself (and names them by their labels). */
function declaresFields(schema: unknown): boolean {
  const properties: unknown = typeof schema === 'object' && schema !== null ? (schema as { properties?: unknown }).properties : undefined;
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
}

/**
 * Refuses a JSON body with a NUL or another control character in any string, before any handler:
 * bodies read field by field (JSON_OBJECT_BODY) would otherwise carry one to PostgreSQL, which
 * refuses it with an error. Tabs and line breaks stay allowed (multiline text).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (typeof request.body !== 'object' || request.body === null || declaresFields(request.routeOptions.schema?.body)) return;
    const path = firstControlCharacter(request.body, '', 0);
    if (path !== null) throw invalidInput(path === '' ? '请求体' : path, REASON.controlCharacters);
  });
}
