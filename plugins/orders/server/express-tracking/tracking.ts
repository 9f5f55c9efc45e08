import { businessError, formatShopTime, inTransaction, type AppContext } from '../../../../server/kit';
import { DELIVERY_TYPE, ORDER_STATUS } from '../../entities';
import type { TrackView } from '../../express-track';
import { orderDeps } from '../deps';
import { MSG_ORDER_NOT_FOUND, receiveOrder } from '../sales/service';
import { receiveOnSigned } from '../settings';
import { ExpressChannelFailure, MSG_PUSH_BAD_SIGN, MSG_PUSH_DISABLED, MSG_PUSH_MALFORMED, MSG_PUSH_OK, PushRefused, type ExpressAdapter, type ParsedPush, type PushAnswer, type TrackSnapshot } from './contract';
import { DemoExpressAdapter } from './demo';
import { Kuaidi100Adapter, pushSaltOf } from './kuaidi100';
import { expressSettingsOf } from './settings';
import {
  applySnapshot,
  claimDueSubscriptions,
  claimReceipt,
  createMissingTracks,
  eventsOf,
  markAborted,
  markSubscribed,
  markSubscribeFailed,
  openTracks,
  orderShipment,
  orderStatusOf,
  trackOf,
  trackOfOrder,
  tracksByNumber,
  type Applied,
  type TrackRow,
} from './store';

/**
 * 物流跟踪, decoupled from 发货: shipping only records the waybill on the order (sales/service.ts deliverOrder); a pass —
 * the scheduled job (job.ts) every minute, or kickExpressTracking right after a shipment commits — makes a track for
 * each order shipped by express and subscribes it at the tracking service, retrying a failure later with growing
 * intervals. Whatever the service then says — a push, staff's 刷新, the demo's planned journey — is stored through one
 * function (store.ts applySnapshot); a track signed for (签收) completes its order when the shop allows it
 * (ORDER_RECEIVE_ON_SIGNED).
 */

export const MSG_RECEIVED_BY_TRACKING = '物流签收，自动确认收货';
export const MSG_NOT_SHIPPED = '订单尚未快递发货，没有物流信息';

/** After the n-th failed subscription, the next attempt comes this much later: 1 min, 5 min, 30 min, 2 h, 6 h, 24 h. */
export const SUBSCRIBE_RETRY_SECONDS: readonly number[] = [60, 300, 1_800, 7_200, 21_600, 86_400];
/** The first attempt and its retries; then the track stays 订阅失败 (staff may still 刷新). */
export const MAX_SUBSCRIBE_ATTEMPTS = SUBSCRIBE_RETRY_SECONDS.length + 1;
/** Orders shipped longer ago than this get no track from the pass (a carrier forgets a waybill within weeks). */
export const TRACK_WITHIN_DAYS = 30;
/** kuaidi100 asks to wait half an hour before subscribing a waybill it stopped following (status abort). */
const RESUBSCRIBE_AFTER_ABORT_SECONDS = 1_800;
/** How long a claimed subscription stays out of other passes' reach while it is tried. */
const CLAIM_LEASE_SECONDS = 120;
const CLAIM_BATCH = 20;
const MAX_SUBSCRIPTIONS_PER_PASS = 200;
const MAX_NEW_TRACKS_PER_PASS = 500;
const MAX_DEMO_REFRESHES_PER_PASS = 200;

export interface TrackingLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

export interface PassResult {
  created: number;
  subscribed: number;
  failed: number;
  refreshed: number;
}

const shopTime = (value: Date | null): string | null => (value === null ? null : formatShopTime(value));

export class ExpressTracking {
  private current: Promise<PassResult | null> | null = null;
  private again = false;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'services'>,
    readonly adapter: ExpressAdapter,
    private readonly log: TrackingLog,
  ) {}

  /** One pass: new tracks, due subscriptions (each recorded as taken or failed), and the demo's open waybills asked again. */
  async pass(): Promise<PassResult> {
    const { db } = this.ctx;
    const created = await createMissingTracks(db, { withinDays: TRACK_WITHIN_DAYS, limit: MAX_NEW_TRACKS_PER_PASS });
    let subscribed = 0;
    let failed = 0;
    while (subscribed + failed < MAX_SUBSCRIPTIONS_PER_PASS) {
      const due = await claimDueSubscriptions(db, { limit: CLAIM_BATCH, leaseSeconds: CLAIM_LEASE_SECONDS, maxAttempts: MAX_SUBSCRIBE_ATTEMPTS });
      if (due.length === 0) break;
      for (const row of due) {
        if (await this.subscribe(row)) subscribed += 1;
        else failed += 1;
      }
    }
    let refreshed = 0;
    if (this.adapter.selfDriven) {
      for (const row of await openTracks(db, MAX_DEMO_REFRESHES_PER_PASS)) {
        await this.store(row, await this.adapter.query(trackOf(row)));
        refreshed += 1;
      }
    }
    return { created, subscribed, failed, refreshed };
  }

  /**
   * A pass now, without waiting for the job (right after 发货). Passes asked for while one runs are folded into one more
   * after it; the answer never throws (a failure is logged and the job's next run picks the work up).
   */
  kick(): Promise<PassResult | null> {
    if (this.current !== null) {
      this.again = true;
      return this.current;
    }
    const run = async (): Promise<PassResult | null> => {
      let result: PassResult | null = null;
      do {
        this.again = false;
        try {
          result = await this.pass();
        } catch (error) {
          this.log.error(`express tracking pass failed: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        }
      } while (this.again);
      return result;
    };
    this.current = run().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  /** Resolves once no kicked pass is running (the app waits for it when closing). */
  async idle(): Promise<void> {
    while (this.current !== null) await this.current;
  }

  /** A push as it arrived (the form body as text); answers what the service's protocol expects. */
  async receivePush(rawBody: string): Promise<PushAnswer> {
    let push: ParsedPush;
    try {
      push = this.adapter.parsePush(rawBody);
    } catch (error) {
      if (!(error instanceof PushRefused)) throw error;
      this.log.warn(`express push refused: ${error.reason}`);
      return this.adapter.answer(false, this.adapter.mode === 'demo' ? MSG_PUSH_DISABLED : MSG_PUSH_MALFORMED);
    }
    const candidates = await tracksByNumber(this.ctx.db, push.logisticsNo);
    if (candidates.length === 0) {
      // Not ours (or no longer): acknowledged, so the service stops sending it; nothing is written.
      this.log.info(`express push for unknown waybill ${push.logisticsNo}: acknowledged, nothing stored`);
      return this.adapter.answer(true, MSG_PUSH_OK);
    }
    const mine = candidates.filter((row) => this.adapter.verifyPush(push, row.tenant_id));
    if (mine.length === 0) {
      this.log.warn(`express push refused: bad sign for waybill ${push.logisticsNo}`);
      return this.adapter.answer(false, MSG_PUSH_BAD_SIGN);
    }
    for (const row of mine) {
      const applied = await this.store(row, push.snapshot);
      if (push.monitor === 'abort' && !push.snapshot.signed) await markAborted(this.ctx.db, row.id, push.message || '快递100 已停止跟踪该运单', RESUBSCRIBE_AFTER_ABORT_SECONDS);
      this.log.info(`express push for waybill ${push.logisticsNo}: ${applied.added} new events`);
    }
    return this.adapter.answer(true, MSG_PUSH_OK);
  }

  /** The order's track and events. */
  async view(tenantId: number, orderId: string): Promise<TrackView> {
    const { db } = this.ctx;
    if ((await orderShipment(db, tenantId, orderId)) === null) throw businessError(MSG_ORDER_NOT_FOUND);
    const row = await trackOfOrder(db, tenantId, orderId);
    if (row === null) return { mode: this.adapter.mode, track: null, events: [] };
    const events = await eventsOf(db, row.id);
    return {
      mode: this.adapter.mode,
      track: {
        com: row.com,
        expressName: row.express_name,
        logisticsNo: row.logistics_no,
        subscribeState: row.subscribe_state,
        subscribeReason: row.subscribe_reason,
        subscribeAttempts: row.subscribe_attempts,
        nextAttemptTime: shopTime(row.next_attempt_time),
        state: row.last_state,
        signedTime: shopTime(row.signed_time),
        updateTime: formatShopTime(row.update_time),
      },
      events: events.map((event) => ({ time: formatShopTime(event.event_time), context: event.context, location: event.location, status: event.status })),
    };
  }

  /** 刷新: asks the service where the waybill is now (making its track first if the pass has not yet) and stores the answer. */
  async refresh(tenantId: number, orderId: string): Promise<TrackView> {
    const { db } = this.ctx;
    const shipment = await orderShipment(db, tenantId, orderId);
    if (shipment === null) throw businessError(MSG_ORDER_NOT_FOUND);
    if (shipment.delivery_type !== DELIVERY_TYPE.express || (shipment.logistics_no ?? '').trim() === '') throw businessError(MSG_NOT_SHIPPED);
    let row = await trackOfOrder(db, tenantId, orderId);
    if (row === null) {
      await createMissingTracks(db, { withinDays: TRACK_WITHIN_DAYS, limit: 1, tenantId, orderId });
      row = await trackOfOrder(db, tenantId, orderId);
    }
    if (row === null) throw businessError(MSG_NOT_SHIPPED);
    let snapshot: TrackSnapshot;
    try {
      snapshot = await this.adapter.query(trackOf(row));
    } catch (error) {
      if (error instanceof ExpressChannelFailure) throw businessError(error.message);
      throw error;
    }
    await this.store(row, snapshot);
    return this.view(tenantId, orderId);
  }

  /** Subscribes one claimed track; true when the service took it. */
  private async subscribe(row: TrackRow): Promise<boolean> {
    const { db } = this.ctx;
    let reason: string;
    try {
      const outcome = await this.adapter.subscribe(trackOf(row));
      if (outcome.ok) {
        await markSubscribed(db, row.id);
        return true;
      }
      reason = outcome.reason;
    } catch (error) {
      if (!(error instanceof ExpressChannelFailure)) this.log.error(`express subscription of waybill ${row.logistics_no} failed: ${error instanceof Error ? error.message : String(error)}`);
      reason = error instanceof ExpressChannelFailure ? error.message : '订阅时发生内部错误';
    }
    const attempts = row.subscribe_attempts + 1;
    const retryIn = attempts >= MAX_SUBSCRIBE_ATTEMPTS ? null : (SUBSCRIBE_RETRY_SECONDS[attempts - 1] ?? null);
    await markSubscribeFailed(db, row.id, reason, retryIn);
    this.log.warn(`express subscription of waybill ${row.logistics_no} refused (attempt ${attempts}): ${reason}`);
    return false;
  }

  /** Stores a snapshot (applySnapshot), then completes the order when it was just signed for and the shop allows it. */
  private async store(row: Pick<TrackRow, 'id' | 'tenant_id' | 'order_id' | 'logistics_no'>, snapshot: TrackSnapshot): Promise<Applied> {
    const applied = await inTransaction(this.ctx.db, (trx) => applySnapshot(trx, row, snapshot));
    if (applied.newlySigned && receiveOnSigned()) await this.receive(row);
    return applied;
  }

  /** 确认收货 by the carrier's word: only an order still 已发货, and only once per track. */
  private async receive(row: Pick<TrackRow, 'id' | 'tenant_id' | 'order_id' | 'logistics_no'>): Promise<void> {
    const deps = orderDeps(this.ctx);
    try {
      await inTransaction(this.ctx.db, async (trx) => {
        if ((await orderStatusOf(trx, row.tenant_id, row.order_id)) !== ORDER_STATUS.delivered) return;
        if (!(await claimReceipt(trx, row.id))) return;
        await receiveOrder(trx, deps, { tenantId: row.tenant_id, operator: 'system' }, row.order_id, undefined, MSG_RECEIVED_BY_TRACKING);
      });
    } catch (error) {
      // The order stays 已发货: the buyer, staff or ORDER_AUTO_RECEIVE_DAYS complete it.
      this.log.warn(`order of waybill ${row.logistics_no} not completed on 签收: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Each app's tracking service, found through its service registry (a job run has that, not the AppContext). */
const running = new WeakMap<AppContext['services'], ExpressTracking>();

/**
 * Builds the app's tracking service from its configuration (EXPRESS_MODE …, settings.ts; a bad one refuses the start
 * with a ConfigError) and makes it reachable from jobs and kickExpressTracking. Called once from the plugin's register.
 */
export function bindExpressTracking(ctx: Pick<AppContext, 'db' | 'services' | 'config' | 'codeSecret'>, log: TrackingLog): ExpressTracking {
  const settings = expressSettingsOf(ctx.config.channels, ctx.config.apiBase);
  const adapter =
    settings.mode === 'demo'
      ? new DemoExpressAdapter()
      : new Kuaidi100Adapter({ key: settings.key, customer: settings.customer, base: settings.base, notifyUrl: settings.notifyUrl, saltOf: (tenantId) => pushSaltOf(ctx.codeSecret, tenantId) });
  const tracking = new ExpressTracking(ctx, adapter, log);
  running.set(ctx.services, tracking);
  return tracking;
}

/** The app's tracking service; throws when the orders plugin did not register in this app. */
export function expressTrackingOf(services: AppContext['services']): ExpressTracking {
  const tracking = running.get(services);
  if (tracking === undefined) throw new Error('express tracking is not registered in this app');
  return tracking;
}

/**
 * Runs the tracking pass now (call it right after a 发货 commits: the new waybill is subscribed at once instead of at
 * the job's next minute). Never throws; resolves with the pass's counts, or null when it failed (logged) or the app has
 * no tracking.
 */
export function kickExpressTracking(ctx: Pick<AppContext, 'services'>): Promise<PassResult | null> {
  const tracking = running.get(ctx.services);
  return tracking === undefined ? Promise.resolve(null) : tracking.kick();
}
