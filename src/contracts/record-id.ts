/**
 * What a record id looks like, for the client and the server alike: letters, digits, `_` and `-`, at most 64 (the
 * server's own ids are 32 hex characters; seeded and imported ones may be shorter words). A route's schema, a URL's
 * `?id=` and a socket's subscription all check against this one pattern.
 */
export const RECORD_ID_SOURCE = '[A-Za-z0-9_-]{1,64}';
export const RECORD_ID_PATTERN = new RegExp(`^${RECORD_ID_SOURCE}$`);

/** Whether a value is a well-formed record id. */
export const isRecordId = (value: unknown): value is string => typeof value === 'string' && RECORD_ID_PATTERN.test(value);

/** The ids the server generates (server/db/ids.ts): 32 hex characters — never shown to a user as they are. */
export const isGeneratedId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{32}$/i.test(value);
