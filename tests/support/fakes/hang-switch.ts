/**
 * A fake's `hang` control, one for every fake: while on, each request waits unanswered until it is switched off (or the
 * fake closes); a number makes each request wait that many milliseconds first — a slow service rather than a dead one.
 */
export class HangSwitch {
  private mode: boolean | number = false;
  private readonly held = new Set<() => void>();

  set(mode: boolean | number): void {
    this.mode = mode;
    if (mode !== true) this.release();
  }

  /** Awaited by the fake before it answers a request. */
  async pass(): Promise<void> {
    const mode = this.mode;
    if (mode === true) await new Promise<void>((resolve) => this.held.add(resolve));
    else if (typeof mode === 'number' && mode > 0) await new Promise((resolve) => setTimeout(resolve, mode));
  }

  /** Lets every waiting request go on (the fake is closing). */
  release(): void {
    this.mode = false;
    for (const release of this.held) release();
    this.held.clear();
  }
}
