/** A stored picture is read through Refine's useCustom (the data provider's download) and shown from a blob URL, given back once unused. */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoredImage } from '../../../src/toolkit/upload/stored-image';
import { loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, type MockServer } from '../providers/mock-adapter';

let server: MockServer;
const created: Blob[] = [];
const revoked: string[] = [];

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  created.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs: count them.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:test/${created.length}`;
  });
  URL.revokeObjectURL = vi.fn((url: string) => {
    revoked.push(url);
  });
  server = mockServer(() => ({ status: 200, data: new Blob(['png'], { type: 'image/png' }) }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sources = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('StoredImage', () => {
  it('downloads the first stored path once for two images, shows one blob URL, and revokes it when both are gone', async () => {
    const { unmount } = renderInRefine(
      <>
        <StoredImage value="temp/a.png,temp/b.png" alt="a" preview={false} />
        <StoredImage value="temp/a.png" alt="a again" preview={false} />
      </>,
      [],
      '/',
    );
    await waitFor(() => expect(sources()).toEqual(['blob:test/1', 'blob:test/1']));
    expect(server.calls.map((call) => [call.url, call.responseType])).toEqual([['/sys/common/static/temp/a.png', 'blob']]);
    unmount();
    await waitFor(() => expect(revoked).toEqual(['blob:test/1']));
  });

  it('uses an absolute URL as it is, asking nothing', () => {
    renderInRefine(<StoredImage value="https://cdn.example.com/a.png" alt="cdn" preview={false} />, [], '/');
    expect(sources()).toEqual(['https://cdn.example.com/a.png']);
    expect(server.calls).toEqual([]);
  });
});
