/** 文件管理 on the server: the list of stored files, delete (row and object), download, permissions, tenants. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/envelope';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OssFileRecord } from '../../entities';
import { PNG, T1, uploadFile } from './oss-helpers';

const demo = useDemoServer();

async function listFiles(query: string, headers: Record<string, string> = T1) {
  return call<PageResult<OssFileRecord>>(demo.app, 'GET', `/api/sys/oss/file/list?${query}`, { token: demo.admin, headers });
}

const onDisk = (key: string) => path.join(demo.server.dataDir, 'uploads', key);

describe('文件管理', () => {
  it('lists an upload of the tenant with its name, type, size and uploader; other tenants do not see it', async () => {
    const name = `门店照片-${Date.now()}.png`;
    const uploaded = await uploadFile(demo.app, demo.admin, name, PNG, T1);
    expect(uploaded.success).toBe(true);

    const mine = await listFiles(`fileName=${encodeURIComponent(name)}`);
    expect(mine.status).toBe(200);
    expect(mine.body.result.records).toHaveLength(1);
    expect(mine.body.result.records[0]).toMatchObject({ fileName: name, fileType: 'png', fileType_dictText: 'PNG', fileSize: PNG.length, fileKey: uploaded.message, uploader: 'admin', uploader_refText: '管理员', tenantId: 1 });

    // Without a tenant (tenant 0) the same name finds nothing.
    const other = await listFiles(`fileName=${encodeURIComponent(name)}`, {});
    expect(other.body.result.records).toHaveLength(0);

    // Filter by type, sort by size.
    const pngs = await listFiles('fileType=png&column=fileSize&order=desc&pageSize=100');
    expect(pngs.body.result.records.every((record) => record.fileType === 'png')).toBe(true);
    const sizes = pngs.body.result.records.map((record) => Number(record.fileSize));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('downloads with the original name (RFC 5987 filename*) and the exact bytes', async () => {
    const name = `报表 ${Date.now()}.png`;
    const uploaded = await uploadFile(demo.app, demo.admin, name, PNG, T1);
    const [record] = (await listFiles(`fileName=${encodeURIComponent(name)}`)).body.result.records;
    if (record === undefined) throw new Error('the upload is not listed');
    const response = await demo.app.inject({ method: 'GET', url: `/api/sys/oss/file/download?id=${record.id}`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="__ ${name.slice(3)}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(uploaded.success).toBe(true);

    // Another tenant's id is no file of ours.
    const foreign = await call(demo.app, 'GET', `/api/sys/oss/file/download?id=${record.id}`, { token: demo.admin });
    expect(foreign.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('deletes the row and the stored object; a row whose object is already gone is still removed', async () => {
    const first = await uploadFile(demo.app, demo.admin, `a-${Date.now()}.png`, PNG, T1);
    const second = await uploadFile(demo.app, demo.admin, `b-${Date.now()}.png`, PNG, T1);
    const third = await uploadFile(demo.app, demo.admin, `c-${Date.now()}.png`, PNG, T1);
    const idOf = async (key: string) => (await listFiles('pageSize=100&column=uploadTime&order=desc')).body.result.records.find((record) => record.fileKey === key)?.id;
    const firstId = await idOf(first.message);
    expect(fs.existsSync(onDisk(first.message))).toBe(true);

    // Another tenant cannot delete it.
    const foreign = await call(demo.app, 'DELETE', `/api/sys/oss/file/delete?id=${firstId}`, { token: demo.admin });
    expect(foreign.body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(fs.existsSync(onDisk(first.message))).toBe(true);

    const deleted = await call(demo.app, 'DELETE', `/api/sys/oss/file/delete?id=${firstId}`, { token: demo.admin, headers: T1 });
    expect(deleted.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(fs.existsSync(onDisk(first.message))).toBe(false);
    expect(await idOf(first.message)).toBeUndefined();
    const gone = await demo.app.inject({ method: 'GET', url: `/api/sys/common/static/${first.message}`, headers: { 'x-access-token': demo.admin } });
    expect(gone.statusCode).toBe(404);

    // The second's object vanished from the disk behind our back: the batch still removes both rows.
    fs.rmSync(onDisk(second.message));
    const ids = [await idOf(second.message), await idOf(third.message)];
    const download = await call(demo.app, 'GET', `/api/sys/oss/file/download?id=${ids[0]}`, { token: demo.admin, headers: T1 });
    expect(download.body).toMatchObject({ success: false, message: '文件不存在或已被删除' });
    const batch = await call(demo.app, 'DELETE', `/api/sys/oss/file/deleteBatch?ids=${ids.join(',')},`, { token: demo.admin, headers: T1 });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await idOf(second.message)).toBeUndefined();
    expect(await idOf(third.message)).toBeUndefined();
    expect(fs.existsSync(onDisk(third.message))).toBe(false);
  });

  it('refuses a clerk without the permissions (403) on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/sys/oss/file/list'],
      ['GET', '/api/sys/oss/file/download?id=x'],
      ['DELETE', '/api/sys/oss/file/delete?id=x'],
      ['DELETE', '/api/sys/oss/file/deleteBatch?ids=x'],
    ] as const) {
      const response = await call(demo.app, method, url, { token: demo.clerk });
      expect(response.status, url).toBe(403);
    }
  });
});
