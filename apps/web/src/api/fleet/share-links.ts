import {
  SHARE_PATHS,
  SHARE_REFRESH_MS,
  ShareAddResponseSchema,
  ShareGetResponseSchema,
  ShareRevokeResponseSchema,
  ShareViewResponseSchema,
  type ShareAddRequest,
  type ShareLink,
  type ShareView,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../client.ts';

export const shareKeys = {
  of: (vid: string) => ['share-links', vid] as const,
  view: (token: string) => ['share-view', token] as const,
};

/** The user's links of one vehicle (active and recently ended), newest first. */
export function useShareLinks(vid: string): UseQueryResult<ShareLink[]> {
  return useQuery({
    queryKey: shareKeys.of(vid),
    queryFn: async () => (await apiPost(SHARE_PATHS.shareGet, { vid }, ShareGetResponseSchema)).links,
  });
}

/** POST /share/add: the link, and its URL, shown this once. */
export function addShareLink(body: ShareAddRequest): Promise<{ link: ShareLink; url: string; message: string }> {
  return apiPost(SHARE_PATHS.shareAdd, body, ShareAddResponseSchema);
}

export async function revokeShareLink(slid: string): Promise<string> {
  return (await apiPost(SHARE_PATHS.shareRevoke, { slid }, ShareRevokeResponseSchema)).message;
}

/** The link is gone (unknown, expired or revoked: the server does not say which). */
export const isShareGone = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The public page's read, without a session, every SHARE_REFRESH_MS; stops once the link is gone. */
export function useSharedPosition(token: string): UseQueryResult<ShareView> {
  return useQuery({
    queryKey: shareKeys.view(token),
    queryFn: () => apiGet(SHARE_PATHS.shareView.replace('{token}', encodeURIComponent(token)), ShareViewResponseSchema),
    refetchInterval: (query) => (isShareGone(query.state.error) ? false : SHARE_REFRESH_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
}
