import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import type { HttpPresenter } from '../../../src/providers/http';
import { setHttpPresenter } from '../../../src/providers/http';
import { httpClient } from '../../../src/providers/http/client';

export type Reply = { status: number; data?: unknown } | { fail: 'timeout' | 'network' };
export type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export interface MockServer {
  calls: InternalAxiosRequestConfig[];
  /** The n-th request as the adapter saw it (fails the test when there is none). */
  call(index: number): InternalAxiosRequestConfig;
  /** Replaces the reply for the following requests. */
  reply(handler: Handler): void;
}

/** A custom axios adapter: every request of the shared client is answered by `handler`. */
export function mockServer(handler: Handler = () => ({ status: 200, data: ok(null) })): MockServer {
  let current = handler;
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const reply = await current(config);
    if ('fail' in reply) {
      if (reply.fail === 'timeout') {
        throw new AxiosError(`timeout of ${config.timeout ?? 0}ms exceeded`, 'ECONNABORTED', config, {});
      }
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    }
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      config,
      {},
      response,
    );
  };
  httpClient.defaults.adapter = adapter;
  return {
    calls,
    call(index) {
      const config = calls[index];
      if (!config) throw new Error(`no request #${index}`);
      return config;
    },
    reply(next) {
      current = next;
    },
  };
}

export function ok<T>(result: T, message = '') {
  return { success: true, code: 200, message, result, timestamp: Date.now() };
}

export function fail(message: string, code = 500) {
  return { success: false, code, message, result: null, timestamp: Date.now() };
}

export interface PresenterSpy {
  notifyError: ReturnType<typeof vi.fn<HttpPresenter['notifyError']>>;
  showLoginExpired: ReturnType<typeof vi.fn<HttpPresenter['showLoginExpired']>>;
}

export function spyPresenter(): PresenterSpy {
  const presenter = {
    notifyError: vi.fn<HttpPresenter['notifyError']>(),
    showLoginExpired: vi.fn<HttpPresenter['showLoginExpired']>(),
  };
  setHttpPresenter(presenter);
  return presenter;
}

/** The header value as the adapter saw it. */
export function headerOf(config: InternalAxiosRequestConfig, name: string): unknown {
  return AxiosHeaders.from(config.headers).get(name);
}

/** The JSON stored under a key of a Web Storage (fails the test when absent). */
export function storedJson(storage: Storage, key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) throw new Error(`nothing stored under ${key}`);
  return JSON.parse(text);
}

export function firstArg<T>(calls: readonly (readonly [T, ...unknown[]])[]): T {
  const [first] = calls;
  if (!first) throw new Error('not called');
  return first[0];
}
