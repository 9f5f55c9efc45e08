import { CHUNK_LOAD_TIMEOUT_MS } from '../contracts/constants';

/** Error codes a failed lazy chunk carries (docs/spec.md §8 Lazy chunk load). */
export const CHUNK_ERROR_NAME = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadError extends Error {
  readonly code: string;

  constructor(message: string, code: string = CHUNK_ERROR_NAME) {
    super(message);
    this.name = CHUNK_ERROR_NAME;
    this.code = code;
  }
}

/** Rejects with a ChunkLoadError when the loader has not settled within the timeout. */
export function loadWithTimeout<T>(loader: () => Promise<T>, label: string, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk ${label} timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    loader().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface PreloadErrorEvent extends Event {
  payload?: unknown;
}

/** Vite words a failed stylesheet preload this way (vite preload helper). */
const CSS_PRELOAD_FAILURE = /Unable to preload CSS/;

/**
 * Vite emits `vite:preloadError` before rethrowing a failed preload; tagging the error here lets the
 * page error boundary show which kind of chunk failed.
 */
export function tagPreloadError(event: PreloadErrorEvent): void {
  const error = event.payload;
  if (!(error instanceof Error)) return;
  const isCss = CSS_PRELOAD_FAILURE.test(error.message);
  Object.assign(error, { name: CHUNK_ERROR_NAME, code: isCss ? CSS_CHUNK_LOAD_FAILED : CHUNK_ERROR_NAME });
}

export function installPreloadErrorHandler(target: Window = window): () => void {
  target.addEventListener('vite:preloadError', tagPreloadError);
  return () => target.removeEventListener('vite:preloadError', tagPreloadError);
}

/** The code to show for a failed page load: CSS_CHUNK_LOAD_FAILED, ChunkLoadError or the error's name. */
export function chunkErrorCode(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return CHUNK_ERROR_NAME;
}
