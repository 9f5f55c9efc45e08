import { addDays, parseShopTime, shopDay } from '../../../../server/kit';
import { MSG_PUSH_DISABLED, PushRefused, TRACK_STATE, type ExpressAdapter, type ExpressTrack, type ParsedPush, type PushAnswer, type SubscribeOutcome, type TrackEvent, type TrackSnapshot } from './contract';
import { kuaidi100Answer } from './kuaidi100';

/**
 * The demo tracking service (EXPRESS_MODE=demo, the default): no network. A waybill's journey is worked out from when
 * its order was shipped — collected within the hour, through two hubs, out for delivery on the morning of the second
 * day after (shop's clock) and signed for that afternoon — and each step is told once its time has come. The tracking
 * pass asks it on every run (selfDriven), and the answer is stored exactly as a push would be.
 */

const HOUR = 3_600_000;

/** The hubs a demo parcel passes, chosen by its waybill number so the same parcel always takes the same road. */
const ROUTES: ReadonlyArray<[origin: string, hub: string, destination: string]> = [
  ['深圳市', '广州转运中心', '北京顺义集散中心'],
  ['杭州市', '杭州转运中心', '上海浦东转运中心'],
  ['上海市', '上海青浦转运中心', '南京转运中心'],
  ['成都市', '成都双流转运中心', '西安转运中心'],
  ['武汉市', '武汉转运中心', '郑州转运中心'],
];

function routeOf(logisticsNo: string): [string, string, string] {
  let hash = 0;
  for (const char of logisticsNo) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return ROUTES[hash % ROUTES.length] ?? ['深圳市', '广州转运中心', '北京顺义集散中心'];
}

/** A time of the shop's day `days` after the day of `from`, at `clock` (HH:mm:ss). */
function shopClockAfter(from: Date, days: number, clock: string): Date {
  return parseShopTime(`${addDays(shopDay(from), days)} ${clock}`) ?? new Date(from.getTime() + days * 24 * HOUR);
}

/** The whole planned journey (oldest first), whether due or not. */
export function demoJourney(track: Pick<ExpressTrack, 'logisticsNo' | 'expressName'>, shippedAt: Date): Array<TrackEvent & { state: string }> {
  const [origin, hub, destination] = routeOf(track.logisticsNo);
  const carrier = track.expressName ?? '快递';
  const at = (hours: number) => new Date(shippedAt.getTime() + hours * HOUR);
  const out = shopClockAfter(shippedAt, 2, '08:30:00');
  const signed = shopClockAfter(shippedAt, 2, '14:10:00');
  return [
    { time: at(1), state: TRACK_STATE.collected, status: '揽收', location: origin, context: `【${origin}】${carrier} 已揽收，快件将发往【${hub}】` },
    { time: at(5), state: TRACK_STATE.inTransit, status: '在途', location: hub, context: `快件已到达【${hub}】` },
    { time: at(7), state: TRACK_STATE.inTransit, status: '在途', location: hub, context: `快件已从【${hub}】发出，下一站【${destination}】` },
    { time: at(20), state: TRACK_STATE.inTransit, status: '在途', location: destination, context: `快件已到达【${destination}】` },
    { time: out, state: TRACK_STATE.delivering, status: '派件', location: destination, context: `【${destination}】快递员正在派件，请保持电话畅通` },
    { time: signed, state: TRACK_STATE.signed, status: '签收', location: destination, context: '快件已签收，签收人：本人。感谢使用，期待再次为您服务' },
  ];
}

export class DemoExpressAdapter implements ExpressAdapter {
  readonly mode = 'demo' as const;
  readonly selfDriven = true;

  constructor(private readonly now: () => number = Date.now) {}

  subscribe(): Promise<SubscribeOutcome> {
    return Promise.resolve({ ok: true });
  }

  query(track: ExpressTrack): Promise<TrackSnapshot> {
    if (track.deliveredAt === null) return Promise.resolve({ state: null, signed: false, events: [] });
    const now = this.now();
    const due = demoJourney(track, track.deliveredAt).filter((event) => event.time.getTime() <= now);
    const last = due.at(-1);
    return Promise.resolve({
      state: last?.state ?? null,
      signed: last?.state === TRACK_STATE.signed,
      events: due.map(({ time, context, location, status }) => ({ time, context, location, status })),
    });
  }

  /** The demo pushes nothing: a push that comes anyway is not believed. */
  parsePush(): ParsedPush {
    throw new PushRefused('EXPRESS_MODE=demo takes no pushes');
  }

  verifyPush(): boolean {
    return false;
  }

  answer(accepted: boolean, message?: string): PushAnswer {
    return kuaidi100Answer(accepted, message ?? MSG_PUSH_DISABLED);
  }
}
