import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Uploads a file through `/sys/common/upload` as the upload widget does (`biz` its folder); the stored path. */
export async function uploadFile(app: FastifyInstance, token: string, headers: Record<string, string>, fileName: string, bytes: Buffer, biz = 'temp'): Promise<string> {
  const boundary = '----test-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${biz}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({ method: 'POST', url: '/api/sys/common/upload', payload, headers: { 'x-access-token': token, ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const answer = response.json<{ success: boolean; message: string; result: { path: string } }>();
  expect(answer.success, answer.message).toBe(true);
  return answer.result.path;
}
