import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain nothing worth the CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text we produce: JSON, HTML, JS, CSS, SVG, plain text. Everything else (xlsx, pdf, images, uploads
 * sent as octet-stream) is already compressed or opaque and goes out as it is.
 */
const COMPRESSIBLE = /^(?:text\/(?:html|css|plain|javascript)|application\/(?:json|javascript|manifest\+json)|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Compresses answers above the threshold (brotli, else gzip) for clients that accept it. Built assets
 * usually arrive already compressed from disk (spa.ts, preCompressed) and are left alone. Request
 * bodies are never decompressed: a small compressed body must not become a large one.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: (type: string) => COMPRESSIBLE.test(type),
    globalDecompression: false,
  });
}
