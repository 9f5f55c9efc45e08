import { createLiveProvider } from './live-provider';
import { getLiveHub } from './live-session';

export { applyRowUpdate, createLiveProvider, isDeletedRow, socketKeyOf } from './live-provider';
export { createLiveHub, socketUrl } from './live-hub';
export type { LiveHub, LiveHubOptions } from './live-hub';
export { LiveSocket } from './live-socket';
export type { HeartbeatPolicy, SocketState } from './live-socket';
export { getLiveHub } from './live-session';

/** The app's live provider: the signed-in session's table socket. */
export const liveProvider = createLiveProvider(getLiveHub);
