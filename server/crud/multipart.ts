import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Upload limits for Excel imports. */
export const IMPORT_LIMITS = { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25, fieldSize: 64 * 1024 } as const;

/**
 * Registers routes in their own encapsulated scope with multipart parsing, so no other route
 * accepts multipart bodies (the same approach as server/routes/upload.ts).
 */
export async function withMultipart(api: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await api.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: IMPORT_LIMITS });
    register(scope);
  });
}
