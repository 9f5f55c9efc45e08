import type { FastifyInstance } from 'fastify';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
export const T1 = { 'tenant-id': '1' };

/** Posts one file to /oss/file/upload as the token's user (multipart built by hand, as a browser sends it). */
export async function uploadFile(app: FastifyInstance, token: string, fileName: string, content: Buffer, headers: Record<string, string> = {}): Promise<{ success: boolean; message: string }> {
  const boundary = '----mbo-oss-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\noss\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/oss/file/upload',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
  });
  return response.json<{ success: boolean; message: string }>();
}
