import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

let current: QueryClient | null = null;

/** The query cache of the mounted <Refine>, where live row updates are patched in place. */
export function getLiveQueryClient(): QueryClient | null {
  return current;
}

/** Call once inside <Refine>: hands its query cache to the live provider for as long as it is mounted. */
export function useLiveQueryCache(): void {
  const client = useQueryClient();
  useEffect(() => {
    current = client;
    return () => {
      if (current === client) current = null;
    };
  }, [client]);
}
