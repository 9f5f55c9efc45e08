import { createLiveProvider } from './live-provider';
import { getLiveQueryClient } from './live-query-cache';
import { getLiveHub } from './live-session';

export { applyRowUpdate, createLiveProvider, isDeletedRow, socketKeyOf } from './live-provider';
export { createLiveHub, socketUrl } from './live-hub';
export type { LiveHub, LiveHubOptions } from './live-hub';
export { LiveSocket } from './live-socket';
export type { HeartbeatPolicy, SocketState } from './live-socket';
export { getLiveHub, startedLiveHub } from './live-session';
export { patchCachedLists, patchListPage } from './list-cache';
export { useLiveQueryCache } from './live-query-cache';

/** The app's live provider: the signed-in session's table socket, patching the mounted <Refine>'s list cache. */
export const liveProvider = createLiveProvider(getLiveHub, getLiveQueryClient);
