/** A user whose system asks for less motion gets antd's motion turned off everywhere; everyone else keeps it. */
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../src/app/app-providers';
import { REDUCED_MOTION_QUERY } from '../../../src/app/theme';

function MotionToken() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

/** matchMedia answering `reduced` for the reduced-motion query and false for every other. */
function systemAsksForLessMotion(reduced: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string): MediaQueryList => ({
      matches: query === REDUCED_MOTION_QUERY ? reduced : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  );
}

describe('reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns antd motion off when the system asks for reduced motion', () => {
    systemAsksForLessMotion(true);
    render(
      <AppProviders>
        <MotionToken />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });

  it('keeps antd motion on otherwise', () => {
    systemAsksForLessMotion(false);
    render(
      <AppProviders>
        <MotionToken />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
