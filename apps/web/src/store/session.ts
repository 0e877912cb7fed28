import type { SessionUser } from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { SESSION_QUERY_KEY, fetchSession, signOut } from '../api/accounts/auth.ts';
import { queryClient } from '../api/query-client.ts';
import { VERSION_QUERY_KEY } from '../api/version.ts';
import { liveStore } from './live-store.ts';

/** The session probe; its data is the signed-in user or null. */
export function useSession(): UseQueryResult<SessionUser | null> {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: Infinity, retry: false });
}

const KEPT_QUERIES: readonly unknown[] = [SESSION_QUERY_KEY[0], VERSION_QUERY_KEY[0]];

/**
 * Signed out (by the user or by a 401): forget the user and every piece of their data. The
 * session guard then sends the browser to /Login.
 */
export function resetSession(): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => !KEPT_QUERIES.includes(query.queryKey[0]) });
  liveStore.clear();
}

/** Sign out on the server, then clear all state whatever the server said. */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      // The local session is dropped either way; the cookie expires on its own.
    } finally {
      resetSession();
    }
  }, []);
}

export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user; only inside the session guard. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser must be used inside RequireSession');
  return user;
}
