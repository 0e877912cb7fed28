import { ACCOUNT_TEXTS, type UserDetail } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { accountKeys, fetchUserDetail } from '../../api/accounts/accounts.ts';
import { showToast } from '../feedback/notifier.ts';

/** The uid a screen was opened for, from its navigation state ({uid}); null without one. */
export function stateUid(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('uid' in state)) return null;
  return typeof state.uid === 'string' && state.uid.length > 0 ? state.uid : null;
}

export interface TargetUser {
  uid: string | null;
  user: UserDetail | undefined;
  failed: boolean;
}

/** The user an Edit or Configure form works on, loaded fresh (the card may be stale). */
export function useTargetUser(): TargetUser {
  const uid = stateUid(useLocation().state);
  const detail = useQuery({
    queryKey: accountKeys.detail(uid ?? ''),
    queryFn: () => fetchUserDetail(uid ?? ''),
    enabled: uid !== null,
    staleTime: 0,
  });
  useEffect(() => {
    if (detail.error) showToast('error', ACCOUNT_TEXTS.hierarchyError);
  }, [detail.error]);
  return { uid, user: detail.data, failed: detail.isError };
}
