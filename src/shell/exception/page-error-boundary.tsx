import { Component, lazy, Suspense } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { takeOverPrerenderedLogin } from '../user/prerendered-login';
import { MinimalFailure } from './minimal-failure';

// The antd exception layout loads only when a failure happens, keeping it out of the login bundle.
const PageLoadFailed = lazy(() => import('./page-load-failed'));

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the pathname) clears a shown error. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/** Catches a page that failed to load or render so the shell around it stays usable. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    // A failure shows in #root, which login.html hides while its prerendered form is there.
    takeOverPrerenderedLogin();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <FailureFallback error={error}>
        <Suspense fallback={<MinimalFailure error={error} />}>
          <PageLoadFailed error={error} />
        </Suspense>
      </FailureFallback>
    );
  }
}

/** When even the failure page cannot load (network gone), the plain fallback stays. */
class FailureFallback extends Component<{ error: unknown; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <MinimalFailure error={this.props.error} /> : this.props.children;
  }
}
