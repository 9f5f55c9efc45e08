import { sql, type Kysely } from 'kysely';
import { businessError, inTransaction, newId, type Database } from '../../../../server/kit';

/** Member addresses: at most one default per member (the partial unique index backs this up). */

export const MSG_ADDRESS_NOT_FOUND = '收货地址不存在';

export interface AddressInput {
  name: string;
  mobile: string;
  areaId: string;
  detailAddress: string;
  postCode?: string | null;
  defaultStatus: boolean;
}

export interface AddressView extends AddressInput {
  id: string;
  memberId: string;
}

interface AddressRow {
  id: string;
  member_id: string;
  name: string;
  mobile: string;
  area_id: string;
  detail_address: string;
  post_code: string | null;
  default_status: boolean;
}

const view = (row: AddressRow): AddressView => ({
  id: row.id,
  memberId: row.member_id,
  name: row.name,
  mobile: row.mobile,
  areaId: row.area_id,
  detailAddress: row.detail_address,
  postCode: row.post_code,
  defaultStatus: row.default_status,
});

/** Clears the member's other default (before an address becomes the default). */
export async function clearDefault(db: Kysely<Database>, owner: { tenantId: number; memberId: string }, exceptId?: string): Promise<void> {
  await sql`update cust_address set default_status = false
    where tenant_id = ${owner.tenantId} and member_id = ${owner.memberId} and default_status and id <> ${exceptId ?? ''}`.execute(db);
}

export async function listAddresses(db: Kysely<Database>, owner: { tenantId: number; memberId: string }): Promise<AddressView[]> {
  const rows = await sql<AddressRow>`select id, member_id, name, mobile, area_id, detail_address, post_code, default_status from cust_address
    where tenant_id = ${owner.tenantId} and member_id = ${owner.memberId} order by default_status desc, create_time desc`.execute(db);
  return rows.rows.map(view);
}

export async function addAddress(db: Kysely<Database>, owner: { tenantId: number; memberId: string }, input: AddressInput): Promise<string> {
  return inTransaction(db, async (trx) => {
    // A member's first address is the default.
    const count = await sql<{ n: number }>`select count(*)::int as n from cust_address where tenant_id = ${owner.tenantId} and member_id = ${owner.memberId}`.execute(trx);
    const isDefault = input.defaultStatus || (count.rows[0]?.n ?? 0) === 0;
    if (isDefault) await clearDefault(trx, owner);
    const id = newId();
    await sql`insert into cust_address (id, member_id, name, mobile, area_id, detail_address, post_code, default_status, create_by, create_time, tenant_id)
      values (${id}, ${owner.memberId}, ${input.name}, ${input.mobile}, ${input.areaId}, ${input.detailAddress}, ${input.postCode ?? null}, ${isDefault},
        ${owner.memberId}, now(), ${owner.tenantId})`.execute(trx);
    return id;
  });
}

export async function editAddress(db: Kysely<Database>, owner: { tenantId: number; memberId: string }, id: string, input: AddressInput): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (input.defaultStatus) await clearDefault(trx, owner, id);
    const updated = await sql<{ id: string }>`update cust_address set name = ${input.name}, mobile = ${input.mobile}, area_id = ${input.areaId},
      detail_address = ${input.detailAddress}, post_code = ${input.postCode ?? null}, default_status = ${input.defaultStatus}, update_by = ${owner.memberId}, update_time = now()
      where id = ${id} and tenant_id = ${owner.tenantId} and member_id = ${owner.memberId} returning id`.execute(trx);
    if (updated.rows.length === 0) throw businessError(MSG_ADDRESS_NOT_FOUND);
  });
}

export async function deleteAddress(db: Kysely<Database>, owner: { tenantId: number; memberId: string }, id: string): Promise<void> {
  const deleted = await sql<{ id: string }>`delete from cust_address where id = ${id} and tenant_id = ${owner.tenantId} and member_id = ${owner.memberId} returning id`.execute(db);
  if (deleted.rows.length === 0) throw businessError(MSG_ADDRESS_NOT_FOUND);
}
