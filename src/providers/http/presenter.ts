/** How the http client shows failures; the app shell plugs in antd notification + modal. */
export interface HttpPresenter {
  notifyError(title: string, description: string): void;
  showLoginExpired(onRelogin: () => void): void;
}

const consolePresenter: HttpPresenter = {
  notifyError(title, description) {
    console.error(`[http] ${title}: ${description}`);
  },
  showLoginExpired() {
    // No UI yet to offer the re-login button: only report it.
    console.error('[http] login expired');
  },
};

let presenter: HttpPresenter = consolePresenter;

export function setHttpPresenter(next: HttpPresenter | null): void {
  presenter = next ?? consolePresenter;
}

export function getHttpPresenter(): HttpPresenter {
  return presenter;
}

/**
 * What the http client has just shown of a failure, so that a second notice of the same failure (Refine's own, for a
 * read that failed) is not shown again: one failure, one notice. Each presentation is taken once, and only soon after.
 */
const PRESENTED_FOR_MS = 10_000;
const presented: Array<{ text: string; at: number }> = [];

export function notePresented(text: string): void {
  presented.push({ text, at: Date.now() });
}

/** Whether `text` is a failure the http client showed a moment ago (and forgets it). */
export function takePresented(text: string): boolean {
  const now = Date.now();
  while (presented.length > 0 && now - (presented[0]?.at ?? now) > PRESENTED_FOR_MS) presented.shift();
  const index = presented.findIndex((entry) => entry.text === text);
  if (index < 0) return false;
  presented.splice(index, 1);
  return true;
}
