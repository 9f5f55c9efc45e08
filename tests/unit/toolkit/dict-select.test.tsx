/** useDictItems reads the dictionary cache as an external store: items that join it show at once, everywhere. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/providers/session';
import { itemText } from '../../../src/toolkit/dict/dict-cache';
import { useDictItems } from '../../../src/toolkit/dict/dict-select';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

let server: MockServer;
let release: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  session.setDictCache({});
  // The answer waits until the test lets it go, so the render before it arrives can be seen.
  server = mockServer(
    () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, data: ok([{ value: '1', text: '男' }, { value: '2', text: '女' }]) });
      }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

function Items({ code, testId }: { code: string; testId: string }) {
  const items = useDictItems(code);
  return <p data-testid={testId}>{items.map(itemText).join(',')}</p>;
}

describe('useDictItems', () => {
  it('shows nothing until the items arrive, then re-renders every user of the dictionary; asks once', async () => {
    render(
      <>
        <Items code="sex" testId="a" />
        <Items code="sex" testId="b" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe('男,女'));
    expect(screen.getByTestId('b').textContent).toBe('男,女');
    expect(server.calls.map((call) => call.url)).toEqual(['/sys/dict/getDictItems/sex']);
  });

  it('answers from the cache without asking, follows a rewritten cache, and asks nothing for no code', () => {
    session.setDictCache({ sex: [{ value: '1', text: '男' }] });
    render(
      <>
        <Items code="sex" testId="a" />
        <Items code="" testId="none" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('男');
    act(() => session.setDictCache({ sex: [{ value: '1', text: '男性' }] }));
    expect(screen.getByTestId('a').textContent).toBe('男性');
    expect(screen.getByTestId('none').textContent).toBe('');
    expect(server.calls).toHaveLength(0);
  });
});
