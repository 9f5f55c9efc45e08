import { getApiBase } from '../http';
import { session } from '../session';
import { createLiveHub, type LiveHub } from './live-hub';

let current: { token: string; hub: LiveHub } | null = null;
let watching = false;

function stopCurrent(): void {
  current?.hub.stop();
  current = null;
}

/**
 * The sockets of the signed-in session, started on first use after login; a logout or another
 * user's login stops them (a new token starts fresh ones).
 */
export function getLiveHub(): LiveHub | null {
  if (!watching) {
    watching = true;
    session.subscribe(() => {
      if (current !== null && current.token !== session.getToken()) stopCurrent();
    });
  }
  const token = session.getToken();
  const user = session.getUserInfo();
  if (!token || !user) {
    stopCurrent();
    return null;
  }
  if (current?.token === token) return current.hub;
  stopCurrent();
  current = { token, hub: createLiveHub({ apiBase: getApiBase(), userId: user.id, token, tenantId: session.getTenantId() }) };
  return current.hub;
}

/** The sockets already started for this session, without starting them (a render may read them; only effects start them). */
export function startedLiveHub(): LiveHub | null {
  return current !== null && current.token === session.getToken() ? current.hub : null;
}
