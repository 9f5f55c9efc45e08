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
