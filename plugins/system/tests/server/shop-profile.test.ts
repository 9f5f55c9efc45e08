/**
 * 店铺信息 (issue 32 "Documents a merchant cannot sign": the seller was the tenant's name with blank tax
 * number, bank and address, and nothing could fill them in): one profile per tenant, seeded for the demo
 * shop, read by whoever holds 查看 and edited by whoever holds 编辑 through the engine's edit (tax number
 * checked), the seal and logo uploaded through the upload path and given to documents only when they are the
 * tenant's own PNG or JPEG files; a tenant without one prints its name; deleting a tenant takes its profile.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { uploadFile } from '../../../../tests/server/upload-file';
import { sealPng } from '../../../../tests/support/png';
import type { ShopProfileRecord } from '../../shop/entities';
import { ensureShopProfile } from '../../shop/server/shop-profile';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const admin = () => ({ token: demo.admin, headers: T1 });
const current = () => call<ShopProfileRecord>(demo.app, 'GET', '/api/sys/shopProfile/current', admin());
const edit = (body: Record<string, unknown>) => call(demo.app, 'PUT', '/api/sys/shopProfile/edit', { ...admin(), body });

/** Uploads a file as 店铺信息's upload widget does (biz `shop`); its stored path. */
const upload = (fileName: string, bytes: Buffer) => uploadFile(demo.app, demo.admin, T1, fileName, bytes, 'shop');

describe('店铺信息', () => {
  it('is seeded for the demo shop and edited by an administrator, the tax number checked', async () => {
    const seeded = (await current()).body;
    expect(seeded.success, JSON.stringify(seeded)).toBe(true);
    expect(seeded.result).toMatchObject({
      legalName: '杭州云杉商贸有限公司',
      taxNo: '91330106MA2KDEMO7X',
      bankName: '中国工商银行杭州文三路支行',
      bankAccount: '1202 0212 0990 0123 456',
      address: '浙江省杭州市西湖区文三路 398 号 8 楼',
      phone: '0571-88886666',
    });
    const id = String(seeded.result.id);
    // Reading again makes no second record.
    expect((await current()).body.result.id).toBe(id);
    expect((await sql<{ n: number }>`select count(*)::int as n from sys_shop_profile where tenant_id = 1`.execute(demo.app.db)).rows[0]?.n).toBe(1);

    expect((await edit({ id, legalName: '杭州云杉商贸有限公司', taxNo: 'ABC-1' })).body).toMatchObject({ success: false, message: '税号应为 15 到 20 位字母或数字' });
    expect((await edit({ id, legalName: '' })).body.success).toBe(false);
    const saved = await edit({ id, legalName: '杭州云杉商贸有限公司', taxNo: '91330106MA2KDEMO8Y', bankName: '招商银行杭州分行', bankAccount: '5719 0000 1111', address: '杭州市西湖区文三路 400 号', phone: '0571-88887777', contactName: '王店长' });
    expect(saved.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await current()).body.result).toMatchObject({ taxNo: '91330106MA2KDEMO8Y', bankName: '招商银行杭州分行', contactName: '王店长' });

    // The clerk holds neither code: the server refuses both.
    expect((await call(demo.app, 'GET', '/api/sys/shopProfile/current', { token: demo.clerk })).status).toBe(403);
    expect((await call(demo.app, 'PUT', '/api/sys/shopProfile/edit', { token: demo.clerk, body: { id, legalName: '别人的店' } })).status).toBe(403);
  });

  it('gives documents the seal and logo only as the tenant’s own PNG or JPEG uploads', async () => {
    const shop = demo.app.services.get('shopProfile');
    const id = String((await current()).body.result.id);
    const seal = await upload('seal.png', sealPng());
    const logo = await upload('logo.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;', 'latin1'));
    expect((await edit({ id, legalName: '杭州云杉商贸有限公司', sealUrl: seal, logoUrl: logo })).body.success).toBe(true);
    const profile = await shop.profile(demo.app.db, 1);
    expect(profile.legalName).toBe('杭州云杉商贸有限公司');
    expect(profile.seal?.format).toBe('png');
    expect(profile.seal?.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    // A GIF cannot be embedded as it is: left out, never a failing document.
    expect(profile.logo).toBeNull();
    // Another tenant's path in tenant 1's profile names nothing of tenant 1's.
    await sql`update sys_file set tenant_id = 2 where file_key = ${seal}`.execute(demo.app.db);
    expect((await shop.profile(demo.app.db, 1)).seal).toBeNull();
    await sql`update sys_file set tenant_id = 1 where file_key = ${seal}`.execute(demo.app.db);
  });

  it('prints a tenant without a profile by its name, and goes with a deleted tenant', async () => {
    const added = await call<{ id: number }>(demo.app, 'POST', '/api/sys/tenant/add', { token: demo.admin, body: { name: `分店${Date.now().toString(36)}` } });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const tenantId = Number(added.body.result.id);
    const name = (await sql<{ name: string }>`select name from tenants where id = ${tenantId}`.execute(demo.app.db)).rows[0]?.name;
    expect(await demo.app.services.get('shopProfile').profile(demo.app.db, tenantId)).toMatchObject({ legalName: name, taxNo: '', bankName: '', address: '', seal: null });
    await ensureShopProfile(demo.app.db, tenantId);
    const removed = await call(demo.app, 'DELETE', `/api/sys/tenant/delete?id=${tenantId}`, { token: demo.admin });
    expect(removed.body, JSON.stringify(removed.body)).toMatchObject({ success: true });
    expect((await sql<{ n: number }>`select count(*)::int as n from sys_shop_profile where tenant_id = ${tenantId}`.execute(demo.app.db)).rows[0]?.n).toBe(0);
  });
});
