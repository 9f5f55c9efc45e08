import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import zhSysShop from '../../../../locales/zh-CN/sysShop.json';
import { businessError, createEntityTable, isSafeKey, loadDictionaries, localeLabels, newId, ok, permission, query, registerEntityRoutes, selectColumnsSql, tenantOf, toRecord, type AppContext, type Database, type FileStore, type Row } from '../../../../server/kit';
import type { ShopImage, ShopProfile, ShopProfileService } from '../../../../server/contracts/shop-profile';
import { SHOP_PROFILE_CURRENT, SHOP_PROFILE_PERMISSIONS, shopProfileEntity, TAX_NO_PATTERN } from '../entities';

/**
 * 店铺信息 on the server: the table (one row per tenant), the screen's read (`current`, which makes the
 * tenant's row on first read, filled with the tenant's name) and the engine's edit, and the `shopProfile`
 * service the documents print the seller from. The logo and seal are uploaded through the upload routes
 * (the file store and 文件管理's records); a document embeds only a PNG or JPEG the tenant itself uploaded.
 */

export const MSG_TAX_NO = '税号应为 15 到 20 位字母或数字';

type Db = Kysely<Database> | Transaction<Database>;

/** The values a demo or a new tenant's profile starts with (the legal name defaults to the tenant's name). */
export interface ShopProfileSeed {
  legalName?: string;
  taxNo?: string;
  bankName?: string;
  bankAccount?: string;
  address?: string;
  phone?: string;
  contactName?: string;
}

export const shopMigrations: Record<string, Migration> = {
  '0501_docs_shop_profile': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, shopProfileEntity);
      await sql`alter table sys_shop_profile alter column legal_name set not null`.execute(db);
      // One profile per tenant: the first read of two requests at once makes it once.
      await db.schema.createIndex('sys_shop_profile_tenant_uq').on('sys_shop_profile').column('tenant_id').unique().execute();
    },
    down: async (db: Kysely<unknown>) => {
      await sql`drop table if exists sys_shop_profile`.execute(db);
    },
  },
};

/** Makes the tenant's profile when it has none (its name as the legal name, then what `seed` gives); its id. */
export async function ensureShopProfile(db: Db, tenantId: number, seed: ShopProfileSeed = {}, operator: string | null = null): Promise<string> {
  const tenant = await sql<{ name: string }>`select name from tenants where id = ${tenantId}`.execute(db);
  const legalName = seed.legalName ?? tenant.rows[0]?.name ?? '';
  await sql`insert into sys_shop_profile (id, legal_name, tax_no, bank_name, bank_account, address, phone, contact_name, create_by, create_time, tenant_id)
    values (${newId()}, ${legalName}, ${seed.taxNo ?? null}, ${seed.bankName ?? null}, ${seed.bankAccount ?? null}, ${seed.address ?? null}, ${seed.phone ?? null},
      ${seed.contactName ?? null}, ${operator}, now(), ${tenantId})
    on conflict (tenant_id) do nothing`.execute(db);
  const found = await sql<{ id: string }>`select id from sys_shop_profile where tenant_id = ${tenantId}`.execute(db);
  const id = found.rows[0]?.id;
  if (id === undefined) throw new Error(`No shop profile for tenant ${tenantId}`);
  return id;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format of bytes a PDF can embed, by their signature (never by a name), or null. */
export function imageFormat(bytes: Buffer): ShopImage['format'] | null {
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A stored image of the tenant's own uploads (文件管理's record), as a PDF embeds it; null otherwise. */
async function tenantImage(db: Db, files: FileStore, tenantId: number, key: string | null): Promise<ShopImage | null> {
  if (key === null || key.trim() === '' || !isSafeKey(key)) return null;
  const owned = await sql<{ id: string }>`select id from sys_file where file_key = ${key} and tenant_id = ${tenantId} limit 1`.execute(db);
  if (owned.rows.length === 0) return null;
  const stored = await files.get(key);
  if (stored === null || stored.size > MAX_IMAGE_BYTES) {
    stored?.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  const data = Buffer.concat(chunks);
  const format = imageFormat(data);
  return format === null ? null : { format, data };
}

interface ProfileRow {
  legal_name: string | null;
  tax_no: string | null;
  bank_name: string | null;
  bank_account: string | null;
  address: string | null;
  phone: string | null;
  contact_name: string | null;
  logo_url: string | null;
  seal_url: string | null;
}

export function createShopProfileService(files: FileStore): ShopProfileService {
  return {
    profile: async (db, tenantId): Promise<ShopProfile> => {
      const found = await sql<ProfileRow>`select legal_name, tax_no, bank_name, bank_account, address, phone, contact_name, logo_url, seal_url
        from sys_shop_profile where tenant_id = ${tenantId}`.execute(db);
      const row = found.rows[0];
      const tenant = row?.legal_name?.trim() ? null : await sql<{ name: string }>`select name from tenants where id = ${tenantId}`.execute(db);
      const text = (value: string | null | undefined) => value?.trim() ?? '';
      return {
        legalName: text(row?.legal_name) || text(tenant?.rows[0]?.name),
        taxNo: text(row?.tax_no),
        bankName: text(row?.bank_name),
        bankAccount: text(row?.bank_account),
        address: text(row?.address),
        phone: text(row?.phone),
        contactName: text(row?.contact_name),
        logo: await tenantImage(db, files, tenantId, row?.logo_url ?? null),
        seal: await tenantImage(db, files, tenantId, row?.seal_url ?? null),
      };
    },
  };
}

/** 店铺信息's routes: the tenant's record (made on first read) and the engine's queryById and edit. */
export async function registerShopProfileRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerEntityRoutes(api, shopProfileEntity, {
    labels: localeLabels({ sysShop: zhSysShop }),
    actions: ['queryById', 'edit'],
    beforeWrite: (values) => {
      const taxNo = values.taxNo;
      if (typeof taxNo === 'string' && taxNo.trim() !== '' && !TAX_NO_PATTERN.test(taxNo.trim())) throw businessError(MSG_TAX_NO);
      return values;
    },
  });

  api.get(SHOP_PROFILE_CURRENT, { ...permission(SHOP_PROFILE_PERMISSIONS.view), schema: { querystring: query({}) } }, async (request) => {
    const tenantId = tenantOf(request);
    const id = await ensureShopProfile(ctx.db, tenantId, {}, request.auth?.username ?? null);
    const found = await sql<Row>`select ${selectColumnsSql(shopProfileEntity)} from sys_shop_profile where id = ${id}`.execute(ctx.db);
    const row = found.rows[0];
    if (row === undefined) throw businessError('店铺信息不存在');
    const dictionaries = await loadDictionaries(shopProfileEntity, (code) => ctx.dictionaries.items(code));
    return ok(toRecord(shopProfileEntity, row, dictionaries));
  });
}

/** The demo shop's profile (tenant 1), made as a first read makes it, with the details a merchant would enter. */
export async function seedShopProfile(trx: Transaction<Database>): Promise<void> {
  await ensureShopProfile(trx, 1, {
    legalName: '杭州云杉商贸有限公司',
    taxNo: '91330106MA2KDEMO7X',
    bankName: '中国工商银行杭州文三路支行',
    bankAccount: '1202 0212 0990 0123 456',
    address: '浙江省杭州市西湖区文三路 398 号 8 楼',
    phone: '0571-88886666',
    contactName: '陈经理',
  });
}
