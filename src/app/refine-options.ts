import { shouldRetryQuery } from '../providers/http';

/** The options of the app's <Refine>. */
export const REFINE_OPTIONS = {
  // Telemetry calls an outside host (docs/reference/stack-notes.md gotcha 2).
  disableTelemetry: true,
  syncWithLocation: true,
  warnWhenUnsavedChanges: true,
  // A read is asked again only when the server did not answer; a 403 or any other answer is final (one call, one notice).
  reactQuery: { clientConfig: { defaultOptions: { queries: { retry: shouldRetryQuery } } } },
} as const;
