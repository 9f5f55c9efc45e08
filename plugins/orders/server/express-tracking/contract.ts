/**
 * What a tracking service (kuaidi100, or the demo) does for shipped orders: take a waybill to follow (subscribe), say
 * where it is now (query), and — for a service that pushes — read and verify its pushes. The orders plugin keeps what it
 * hears in sale_express_track / sale_express_track_event (store.ts) through one path, whichever way the events came.
 */

/** A waybill as a tracking service needs it. */
export interface ExpressTrack {
  id: string;
  tenantId: number;
  /** The service's company code (kuaidi100's `com`: shunfeng, yuantong …), companies.ts. */
  com: string;
  logisticsNo: string;
  /** The receiver's mobile: kuaidi100 needs it for 顺丰 (and a few others) to answer at all. */
  phone: string | null;
  /** When the order was shipped (the demo's events count from here). */
  deliveredAt: Date | null;
  /** The company's name as the shop calls it (the demo's events name it). */
  expressName: string | null;
}

/** One thing the carrier reported. */
export interface TrackEvent {
  time: Date;
  context: string;
  /** Where (kuaidi100's areaName), when the service says. */
  location: string | null;
  /** The service's word for the step (kuaidi100's data[].status: 在途, 揽收, 签收 …). */
  status: string | null;
}

/**
 * kuaidi100's state codes (快递单当前状态), which the track keeps as they are: the client names them
 * (locales orderExpress.json `state.<code>`).
 */
export const TRACK_STATE = {
  inTransit: '0',
  collected: '1',
  troubled: '2',
  signed: '3',
  returnedSigned: '4',
  delivering: '5',
  returning: '6',
  forwarded: '7',
} as const;

/** Where the waybill stands: the service's state code, whether it counts as signed for, and its events (any order). */
export interface TrackSnapshot {
  state: string | null;
  /** kuaidi100's ischeck = 1, or state 3 签收. */
  signed: boolean;
  events: TrackEvent[];
}

/** The subscription's answer: taken (or already being followed), or refused with a reason to show staff. */
export type SubscribeOutcome = { ok: true } | { ok: false; reason: string };

/** A push whose form and JSON read correctly; its sign is checked against a shop's salt afterwards (verifyPush). */
export interface ParsedPush {
  logisticsNo: string;
  com: string | null;
  /** kuaidi100's monitoring status: polling, shutdown (finished), abort (gave up), updateall. */
  monitor: string;
  message: string;
  snapshot: TrackSnapshot;
  /** The `param` text exactly as sent and the `sign` that came with it. */
  param: string;
  sign: string;
}

/** The answer the service's push protocol expects (kuaidi100's is a JSON object). */
export interface PushAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const EXPRESS_MODES = ['demo', 'kuaidi100'] as const;
export type ExpressMode = (typeof EXPRESS_MODES)[number];

export interface ExpressAdapter {
  mode: ExpressMode;
  /**
   * True for a service that never pushes (the demo): the tracking pass asks it about every open waybill on each run,
   * so its events arrive as they fall due.
   */
  selfDriven: boolean;
  /** Asks the service to follow the waybill and push its changes (with the shop's salt) to our notify URL. */
  subscribe(track: ExpressTrack): Promise<SubscribeOutcome>;
  /** Where the waybill is now (staff's 刷新); throws ExpressChannelFailure when the service cannot say. */
  query(track: ExpressTrack): Promise<TrackSnapshot>;
  /** Reads a push's form body; throws PushRefused when it is not one. */
  parsePush(rawBody: string): ParsedPush;
  /** Whether the push was signed with this shop's salt. */
  verifyPush(push: ParsedPush, tenantId: number): boolean;
  answer(accepted: boolean, message?: string): PushAnswer;
}

/** Thrown when the service cannot be reached, times out or answers an error; the message is safe to show staff. */
export class ExpressChannelFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressChannelFailure';
  }
}

/** Thrown when a push is not believed; `reason` goes to the server log, never to the answer's details. */
export class PushRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PushRefused';
  }
}

// ---- the server's messages (staff see these; the server has no locale files) ---------------------------------
export const MSG_TRACK_REFRESHED = '物流信息已刷新';
export const MSG_NOT_EXPRESS = '该订单不是快递发货，没有物流信息';
export const MSG_KUAIDI100_TIMEOUT = '快递100 无响应（超时），请稍后再试';
export const MSG_KUAIDI100_UNREACHABLE = '无法连接快递100，请稍后再试';
export const MSG_KUAIDI100_BAD_ANSWER = '快递100 返回了无法识别的内容';
export const MSG_PUSH_OK = '成功';
export const MSG_PUSH_BAD_SIGN = '签名验证失败';
export const MSG_PUSH_MALFORMED = '推送内容无法识别';
export const MSG_PUSH_DISABLED = '未启用快递100推送';
