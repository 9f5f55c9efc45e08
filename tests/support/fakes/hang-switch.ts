/**
 * A fake's `hang` control, one for every fake: while on, each request waits unanswered until it is switched off (or the
 * fake closes); a number makes each request wait that many milliseconds first — a slow service rather than a dead one.
 * 'lose' switches it off and loses the held requests: they never reach the service (the caller timed out on a request
 * that went nowhere), so nothing they asked for happens later behind the test's back.
 */
export class HangSwitch {
  private mode: boolean | number = false;
  private readonly held = new Set<(goOn: boolean) => void>();

  set(mode: boolean | number | 'lose'): void {
    if (mode === 'lose') {
      this.mode = false;
      this.settle(false);
      return;
    }
    this.mode = mode;
    if (mode !== true) this.release();
  }

  /** Awaited by the fake before it answers a request: false when the request was lost (the fake drops it unanswered). */
  async pass(): Promise<boolean> {
    const mode = this.mode;
    if (mode === true) return new Promise<boolean>((resolve) => this.held.add(resolve));
    if (typeof mode === 'number' && mode > 0) await new Promise((resolve) => setTimeout(resolve, mode));
    return true;
  }

  /** Lets every waiting request go on (the fake is closing). */
  release(): void {
    this.mode = false;
    this.settle(true);
  }

  private settle(goOn: boolean): void {
    for (const resolve of this.held) resolve(goOn);
    this.held.clear();
  }
}
