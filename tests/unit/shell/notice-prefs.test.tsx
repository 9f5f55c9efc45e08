/** 新消息通知 switches of the bell: read once per user through Refine, overridden at once by the settings page. */
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/providers/session';
import { NOTICE_PREFERENCES_PATH, setNoticePreferences, useNoticePreferences } from '../../../src/shell/notice/notice-prefs';
import { renderInRefine, signInClerk } from '../customers/list-harness';
import { fail, mockServer, ok, type MockServer } from '../providers/mock-adapter';

let server: MockServer;
const prefsCalls = () => server.calls.filter((call) => call.url === NOTICE_PREFERENCES_PATH);

function Switches({ userId }: { userId: string | undefined }) {
  const { system, notice } = useNoticePreferences(userId);
  return <p data-testid="prefs">{`${String(system)},${String(notice)}`}</p>;
}

beforeEach(() => {
  signInClerk();
  server = mockServer(() => ({ status: 200, data: ok({ system: false, notice: true }) }));
});

describe('useNoticePreferences', () => {
  it('reads the signed-in user’s switches once (two bells, one call) and follows what the settings page sets', async () => {
    const userId = session.getUserInfo()?.id;
    renderInRefine(
      <>
        <Switches userId={userId} />
        <Switches userId={userId} />
      </>,
      [],
      '/',
    );
    await waitFor(() => expect(screen.getAllByTestId('prefs').map((p) => p.textContent)).toEqual(['false,true', 'false,true']));
    expect(prefsCalls()).toHaveLength(1);
    act(() => setNoticePreferences({ system: true, notice: false }));
    expect(screen.getAllByTestId('prefs').map((p) => p.textContent)).toEqual(['true,false', 'true,false']);
    expect(prefsCalls()).toHaveLength(1);
  });

  it('keeps both on without a user or without an answer', async () => {
    server.reply(() => ({ status: 200, data: fail('no account plugin', 404) }));
    renderInRefine(
      <>
        <Switches userId={undefined} />
        <Switches userId="someone-else" />
      </>,
      [],
      '/',
    );
    await waitFor(() => expect(prefsCalls()).toHaveLength(1));
    expect(screen.getAllByTestId('prefs').map((p) => p.textContent)).toEqual(['true,true', 'true,true']);
  });
});
