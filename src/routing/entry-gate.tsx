import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useHasToken } from '../app/use-session';
import { decideEntryRedirect } from './entry-redirect';

interface EntryGateProps {
  publicRoutes: ReactNode;
  /** The lazily loaded authenticated app; only mounted with a token. */
  app: ReactNode;
}

/** Applies docs/spec.md §2 Redirect rules in the light entry chunk, before anything authenticated loads. */
export function EntryGate({ publicRoutes, app }: EntryGateProps) {
  const { pathname, search, hash } = useLocation();
  const hasToken = useHasToken();
  const decision = decideEntryRedirect({ pathname, search, hash, hasToken });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return decision.kind === 'public' ? publicRoutes : app;
}
