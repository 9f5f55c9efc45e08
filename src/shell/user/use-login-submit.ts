import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { login } from './auth-actions';
import type { LoginParams } from '../../providers/auth-provider';
import { safeRedirectTarget } from '../../routing/safe-redirect';

export interface LoginSubmit {
  submit(params: LoginParams): Promise<void>;
  loading: boolean;
  /** The server's message of the last failed attempt. */
  error: string | null;
  clearError(): void;
}

export function useLoginSubmit(): LoginSubmit {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (params: LoginParams) => {
      setLoading(true);
      setError(null);
      try {
        await login(params);
        navigate(safeRedirectTarget(new URLSearchParams(search).get('redirect')), { replace: true });
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      }
    },
    [navigate, search],
  );

  return { submit, loading, error, clearError: useCallback(() => setError(null), []) };
}
