import type { Kysely } from 'kysely';
import type { LoginLimiter } from './auth/login-limiter';
import type { SendCooldown } from './auth/send-cooldown';
import type { SmsSender } from './channels/sms/sms-sender';
import type { TokenService } from './auth/tokens';
import type { MessageBus } from './bus/message-bus';
import type { Config } from './config';
import type { OperatingCounter } from './contracts/report-facts';
import type { Database } from './db/schema';
import type { RequestEvents } from './http/request-events';
import type { LogWriter } from './logs/log-writer';
import type { PluginServices } from './plugin-services';
import type { FactStore } from './reports/fact-store';
import type { Scheduler } from './scheduler/scheduler';
import type { FileStore } from './storage/file-store';
import type { DictionaryService } from './services/dictionaries';
import type { ReferenceService } from './crud/references';
import type { WechatMiniProgram } from './channels/wechat/mini-program';

/** Services the route modules share; built once per app in server/app.ts. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  tokens: TokenService;
  dictionaries: DictionaryService;
  /** The labels of referenced records: each plugin registers the kinds it owns (server/crud/references.ts). */
  references: ReferenceService;
  loginLimiter: LoginLimiter;
  smsCooldown: SendCooldown;
  /** Sends the SMS codes (SMS_MODE: the log, Aliyun or Tencent Cloud); a failure throws SmsFailure (server/channels/sms). */
  sms: SmsSender;
  /** Key for hashing SMS codes and login tickets at rest. */
  codeSecret: Uint8Array;
  /** Runs the persisted scheduled jobs; routes ask it to re-read the table after a change. */
  scheduler: Scheduler;
  /** Batches the login and operation log rows off the request path. */
  logWriter: LogWriter;
  /** Every answered request (any route, the SPA, 404s), for plugins that count or trace requests. */
  requestEvents: RequestEvents;
  /** What plugins offer each other (stock moves, member ledgers …), see server/plugin-services.ts. */
  services: PluginServices;
  /** The reports' daily facts: stored days plus live ones (server/reports/fact-store.ts). */
  facts: FactStore;
  /** Every plugin's dashboard counters (filter by the user's permissions before showing). */
  counters: readonly OperatingCounter[];
  /** Where uploads are kept (local disk or S3, FILE_STORAGE): the upload, static and file-management routes use it. */
  files: FileStore;
  /** What instances tell each other (socket pushes, cache invalidations): LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
  bus: MessageBus;
  /** The WeChat mini-program server API (login, phone, shipping info), or null when WECHAT_APP_ID / WECHAT_APP_SECRET are not set. */
  wechat: WechatMiniProgram | null;
}
