/**
 * The storefront's public pictures (server/routes/storefront-media.ts): a picture the mini-program is shown loads
 * without any token while it is published (goods on sale, a visible review, an open pickup store); any other key,
 * stored or not, answers the same 404, and no path trick reaches a file.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API } from '../../src/contracts/api-paths';
import { call, useDemoServer } from './helpers';
import { pngImage } from '../support/png';
import { shopper, T1 } from './shop';
import { uploadFile } from './upload-file';

const demo = useDemoServer();

const MEDIA = `/api${API.appMedia}`;
/** Staff calls in the admin's shop. */
const staff = () => ({ token: demo.admin, headers: T1 });
const media = (key: string) => demo.app.inject({ method: 'GET', url: `${MEDIA}/${key}` });

let drawn = 0;
/** A real PNG, different each time (so a served body proves which file it is). */
function picture(): Buffer {
  drawn += 1;
  const shade = (drawn * 37) % 256;
  return pngImage(4, 4, () => [shade, 255 - shade, 128, 255]);
}

/** A file uploaded by staff as the upload widget does: its key. */
const upload = (fileName: string, bytes: Buffer, biz = 'goods') => uploadFile(demo.app, demo.admin, T1, fileName, bytes, biz);

/** An answer as a client can compare it: its status and its envelope without the moment it was written. */
async function seen(key: string): Promise<{ status: number; body: unknown }> {
  const answer = await media(key);
  const { timestamp: _moment, ...envelope } = answer.json<Record<string, unknown>>();
  return { status: answer.statusCode, body: envelope };
}

/** Refused exactly as a key that names nothing is: nobody can tell a stored file from a missing one. */
async function expectRefused(key: string): Promise<void> {
  expect(await seen(key), key).toEqual(await seen(`goods/${'0'.repeat(32)}.png`));
  expect((await seen(key)).body).toMatchObject({ success: false, code: 404 });
}

let categories = 0;
/** A fresh level-2 category of the shop (goods need one below the root). */
async function leafCategory(): Promise<string> {
  categories += 1;
  const name = `媒体${Date.now() % 100_000}-${categories}`;
  const root = await call<{ id: string }>(demo.app, 'POST', '/api/goods/goodsCategory/add', { ...staff(), body: { name: `${name}根`, parentId: '0', sort: 1, status: '1' } });
  const child = await call<{ id: string }>(demo.app, 'POST', '/api/goods/goodsCategory/add', { ...staff(), body: { name: `${name}子`, parentId: root.body.result.id, sort: 1, status: '1' } });
  expect(child.body.success, JSON.stringify(child.body)).toBe(true);
  return child.body.result.id;
}

/** Goods on sale with a main picture, slider pictures and one SKU with its own picture. */
async function goodsOnSale(pictures: { main: string; slider: string[]; sku: string }): Promise<string> {
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/goods/goodsSpu/add', {
    ...staff(),
    body: {
      name: `媒体测试商品${Date.now() % 100_000}-${drawn}`,
      picUrl: pictures.main,
      sliderPicUrls: pictures.slider.join(','),
      categoryId: await leafCategory(),
      specType: '1',
      status: '1',
      skus: [{ properties: [{ propertyName: '颜色', valueName: '红色' }], price: '9.90', stock: 5, picUrl: pictures.sku }],
    },
  });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return added.body.result.id;
}

const setGoodsStatus = async (id: string, status: '0' | '1') => {
  const changed = await call(demo.app, 'PUT', '/api/goods/goodsSpu/updateStatus', { ...staff(), body: { ids: id, status } });
  expect(changed.body.success, JSON.stringify(changed.body)).toBe(true);
};

describe('goods pictures', () => {
  it('serves the pictures of goods on sale, as the member’s answers name them, without any token; none once off sale', async () => {
    const bytes = { main: picture(), slider: picture(), sku: picture() };
    const keys = { main: await upload('main.png', bytes.main), slider: await upload('slider.png', bytes.slider), sku: await upload('sku.png', bytes.sku) };
    // A key is random: it can be cached for good (the route's Cache-Control says immutable).
    expect(keys.main).toMatch(/^goods\/[0-9a-f]{32}\.png$/);
    const id = await goodsOnSale({ main: keys.main, slider: ['goods-demo/goods-2.png', keys.slider], sku: keys.sku });

    // The member's answers keep naming the keys; the pictures load at the media path.
    const buyer = await shopper(demo, '13500000101');
    const detail = await call<{ picUrl: string; sliderPicUrls: string[]; skus: Array<{ picUrl: string }> }>(demo.app, 'GET', `/api/app/goods/spu/detail?id=${id}`, { headers: buyer.headers });
    expect(detail.body.result).toMatchObject({ picUrl: keys.main, sliderPicUrls: ['goods-demo/goods-2.png', keys.slider], skus: [{ picUrl: keys.sku }] });

    for (const [which, key] of Object.entries(keys)) {
      const answer = await media(key);
      expect(answer.statusCode, which).toBe(200);
      expect(answer.rawPayload.equals(bytes[which as keyof typeof bytes]), which).toBe(true);
      expect(answer.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'public, max-age=86400, immutable',
        'cross-origin-resource-policy': 'cross-origin',
      });
    }
    // HEAD answers too (an image loader may ask), without the bytes.
    const head = await demo.app.inject({ method: 'HEAD', url: `${MEDIA}/${keys.main}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');

    await setGoodsStatus(id, '0');
    for (const key of Object.values(keys)) await expectRefused(key);
    // The demo picture is still shown by other goods on sale.
    expect((await media('goods-demo/goods-2.png')).statusCode).toBe(200);

    await setGoodsStatus(id, '1');
    expect((await media(keys.main)).statusCode).toBe(200);
  });

  it('serves none of the staff’s other files: an upload named nowhere, a PDF, a picture whose bytes are no picture', async () => {
    const loose = await upload('id-card.png', picture(), 'temp');
    await expectRefused(loose);
    // The staff route still serves it to staff: only the public route refuses.
    expect((await demo.app.inject({ method: 'GET', url: `/api/sys/common/static/${loose}`, headers: { 'x-access-token': demo.admin } })).statusCode).toBe(200);

    // A PDF named as a slider picture of goods on sale is still no picture.
    const pdf = await upload('contract.pdf', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'temp');
    const withPdf = await goodsOnSale({ main: 'goods-demo/goods-1.png', slider: [pdf], sku: 'goods-demo/goods-1.png' });
    expect((await call<{ sliderPicUrls: string[] }>(demo.app, 'GET', `/api/goods/goodsSpu/queryById?id=${withPdf}`, staff())).body.result.sliderPicUrls).toContain(pdf);
    await expectRefused(pdf);

    // A file under a picture's name whose bytes are a PDF (not something the upload lets in, but a store holds what it
    // is given): refused by its bytes, even when goods on sale name it.
    const disguised = `goods/${'d'.repeat(32)}.png`;
    const onDisk = path.join(demo.server.dataDir, 'uploads', disguised);
    fs.mkdirSync(path.dirname(onDisk), { recursive: true });
    fs.writeFileSync(onDisk, '%PDF-1.4 not a picture');
    await goodsOnSale({ main: disguised, slider: [], sku: 'goods-demo/goods-1.png' });
    await expectRefused(disguised);

    // Published but no longer stored: the same answer.
    const gone = `goods/${'e'.repeat(32)}.png`;
    await goodsOnSale({ main: gone, slider: [], sku: 'goods-demo/goods-1.png' });
    await expectRefused(gone);
  });
});

describe('review pictures', () => {
  it('serves a visible review’s pictures; none once the shop hides it', async () => {
    const bytes = picture();
    const key = await upload('review.png', bytes, 'review');
    const spu = await sql<{ id: string }>`select id from goods_spu where tenant_id = 1 and status = '1' order by id limit 1`.execute(demo.app.db);
    const added = await call<{ id: string }>(demo.app, 'POST', '/api/goods/goodsReview/virtual', {
      ...staff(),
      body: { spuId: spu.rows[0]?.id, nickname: '小明', goodsScore: 5, serviceScore: 5, deliveryScore: 5, content: '图很清楚', picUrls: [key] },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const shown = await media(key);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(bytes)).toBe(true);

    const hidden = await call(demo.app, 'POST', '/api/goods/goodsReview/updateVisible', { ...staff(), body: { id: added.body.result.id, visible: false } });
    expect(hidden.body.success, JSON.stringify(hidden.body)).toBe(true);
    await expectRefused(key);
  });
});

describe('pickup store logos', () => {
  it('serves an open store’s logo; none once it closes', async () => {
    const logo = await upload('store.png', picture(), 'pickup');
    const added = await call<{ id: string }>(demo.app, 'POST', '/api/saleorder/pickupStore/add', {
      ...staff(),
      body: { name: `媒体门店${Date.now() % 100_000}`, logo, phone: '021-63210099', areaId: '310101', detailAddress: '南京东路 1 号', latitude: '31.234000', longitude: '121.475300', openingTime: '09:00', closingTime: '21:00', status: '1' },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    expect((await media(logo)).statusCode).toBe(200);
    const closed = await call(demo.app, 'POST', '/api/saleorder/pickupStore/edit', { ...staff(), body: { id: added.body.result.id, status: '0' } });
    expect(closed.body.success, JSON.stringify(closed.body)).toBe(true);
    await expectRefused(logo);
  });
});

describe('keys that are no plain path', () => {
  /** Written as a client would send them (percent-encoded where a URL must be); a dot segment only over a real socket. */
  const tricks = [
    '../goods-demo/goods-1.png',
    'goods-demo/../goods-demo/goods-1.png',
    'goods-demo/./goods-1.png',
    '..%2Fgoods-demo%2Fgoods-1.png',
    '%2e%2e%2fgoods-demo%2fgoods-1.png',
    'goods-demo/..%2Fgoods-demo%2Fgoods-1.png',
    'goods-demo%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '..%5Cgoods-demo%5Cgoods-1.png',
    'goods-demo%5Cgoods-1.png',
    '%2Fgoods-demo%2Fgoods-1.png',
    '/goods-demo/goods-1.png',
    'goods-demo//goods-1.png',
    './goods-demo/goods-1.png',
    'goods-demo/.goods-1.png',
    'goods-demo/goods-1.png%00.png',
    'goods-demo/goods-1.png%0a',
    `${'a/'.repeat(300)}x.png`,
    `${'%E9%95%BF'.repeat(1200)}.png`,
    '%ff%fe.png',
    '',
  ];

  const expectNoFile = (trick: string, status: number, type: string, body: string) => {
    expect([400, 404], `${trick} → ${status}`).toContain(status);
    // An envelope with a message, never a file or a stack trace.
    expect(type, trick).toContain('application/json');
    expect(body, trick).not.toContain('    at ');
  };

  it('never reaches a file by a path trick through the injector, and never answers 5xx', async () => {
    // A published picture, so a trick that resolved to it would show.
    expect((await media('goods-demo/goods-1.png')).statusCode).toBe(200);
    // The injector resolves dot segments before the server sees them, as a browser does: those go over a socket below.
    for (const trick of tricks.filter((each) => !/(^|\/)\.\.?\//.test(each))) {
      const answer = await media(trick);
      expectNoFile(trick, answer.statusCode, String(answer.headers['content-type']), answer.body);
    }
    // Query text is ignored, never a way around the check.
    expect((await demo.app.inject({ method: 'GET', url: `${MEDIA}/temp/none.png?path=goods-demo/goods-1.png` })).statusCode).toBe(404);
  });

  it('over a real socket, where the path is not normalised for us', async () => {
    await demo.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = demo.app.server.address() as AddressInfo;
    const get = (url: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, path: url, method: 'GET' }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
        });
        request.on('error', reject);
        request.end();
      });
    expect((await get(`${MEDIA}/goods-demo/goods-1.png`)).status).toBe(200);
    for (const trick of tricks) {
      const answer = await get(`${MEDIA}/${trick}`);
      expectNoFile(trick, answer.status, answer.type, answer.body);
    }
  });

  it('takes no staff or member session to open, and a staff token opens nothing more', async () => {
    const loose = await upload('private.png', picture(), 'temp');
    const withStaffToken = await demo.app.inject({ method: 'GET', url: `${MEDIA}/${loose}`, headers: { 'x-access-token': demo.admin } });
    expect(withStaffToken.statusCode).toBe(404);
    expect((await demo.app.inject({ method: 'GET', url: `${MEDIA}/goods-demo/goods-1.png`, headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(200);
  });
});
