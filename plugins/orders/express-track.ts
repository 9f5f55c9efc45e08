import { orderEntity } from './entities';

/**
 * 物流跟踪 as the client and the server both know it (like entities.ts): the order detail's read and 刷新 addresses and
 * the answer they give (plugins/orders/server/express-tracking/tracking.ts makes it).
 */
export const EXPRESS_TRACK_API = {
  read: `${orderEntity.api}/expressTrack`,
  refresh: `${orderEntity.api}/expressTrack/refresh`,
} as const;

/** An order's track as the detail screen reads it (times on the shop's clock). */
export interface TrackView {
  /** The adapter of this server (EXPRESS_MODE). */
  mode: 'demo' | 'kuaidi100';
  track: {
    com: string;
    expressName: string | null;
    logisticsNo: string;
    /** 0 未订阅, 1 已订阅, 2 订阅失败. */
    subscribeState: string;
    subscribeReason: string | null;
    subscribeAttempts: number;
    nextAttemptTime: string | null;
    /** kuaidi100's state code (0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件 …), null before the carrier said anything. */
    state: string | null;
    signedTime: string | null;
    updateTime: string;
  } | null;
  /** Newest first. */
  events: Array<{ time: string; context: string; location: string | null; status: string | null }>;
}
