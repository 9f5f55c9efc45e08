import type { LogoutOutcome } from '../../providers/auth-provider';

export interface LogoutDeps {
  logout(): Promise<LogoutOutcome>;
  showError(message: string): void;
  goToLogin(): void;
}

/** docs/spec.md §4 / §8: logout always completes; a failed server call still shows its message. */
export async function performLogout({ logout, showError, goToLogin }: LogoutDeps): Promise<void> {
  try {
    const outcome = await logout();
    if (outcome.error) showError(outcome.error);
  } catch (failure) {
    showError(failure instanceof Error ? failure.message : String(failure));
  }
  goToLogin();
}
