import type { SpinProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Spin (~3.5 KB gzip) shows only while something loads after the login page has painted (an
// account page, the app after sign-in, a single-sign-on check): it arrives with the first of those,
// not with the login bundle. Until it has arrived, what it wraps shows without the indicator.
const Spin = lazy(() => import('antd/es/spin'));

/** antd Spin, loaded on first use. */
export function LazySpin(props: SpinProps) {
  return (
    <Suspense fallback={props.children ?? null}>
      <Spin {...props} />
    </Suspense>
  );
}
