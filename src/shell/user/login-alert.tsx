import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Alert and its five status icons (~4 KB gzip) are needed only once something went wrong: they
// load then, or earlier when the user starts on the form (warmLoginAlert), not with the login page.
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

export function warmLoginAlert(): void {
  void loadAlert();
}

/** antd Alert, loaded on first use; nothing shows until it has arrived. */
export function LoginAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
