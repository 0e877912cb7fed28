import { ACCOUNT_TEXTS, type HierarchyNode } from '@jejak/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { accountKeys, fetchChildren } from '../../api/accounts/accounts.ts';
import { showToast } from '../feedback/notifier.ts';

export interface UserChildren {
  /** Children of every user opened so far. */
  childrenOf: ReadonlyMap<string, readonly HierarchyNode[]>;
  /** Loads a user's children (the tree's lazy loader). */
  open: (uid: string) => Promise<void>;
}

const childrenQuery = (uid: string) => ({ queryKey: accountKeys.children(uid), queryFn: () => fetchChildren(uid) });

/**
 * The lazily loaded hierarchy below `rootUid`. Children come from the query cache, so a user
 * added or edited elsewhere shows as soon as the account queries are refetched.
 */
export function useUserChildren(rootUid: string): UserChildren {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<readonly string[]>([rootUid]);
  const results = useQueries({ queries: opened.map(childrenQuery) });

  const childrenOf = new Map<string, readonly HierarchyNode[]>();
  opened.forEach((uid, i) => {
    const data = results[i]?.data;
    if (data) childrenOf.set(uid, data);
  });

  const failed = results.some((result) => result.isError);
  useEffect(() => {
    if (failed) showToast('error', ACCOUNT_TEXTS.hierarchyError);
  }, [failed]);

  const open = useCallback(
    async (uid: string) => {
      setOpened((current) => (current.includes(uid) ? current : [...current, uid]));
      await queryClient.fetchQuery(childrenQuery(uid)).catch(() => undefined);
    },
    [queryClient],
  );

  return { childrenOf, open };
}
