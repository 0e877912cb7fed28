import type { preValidationAsyncHookHandler } from 'fastify';
import { OPERATIONS, SHARE_TEXTS } from '@jejak/contract';
import type { ShareLinkService } from '../../../services/fleet/share-link-service.ts';
import type { Route } from '../../route-table.ts';

/**
 * Share a live position (issue 28 item 6, ADR 0093); thin: the service checks role and reach. The
 * public read has its own per-address limit and never names why a link is gone.
 */
export function registerShareLinkRoutes(
  route: Route,
  service: ShareLinkService,
  publicLimit: preValidationAsyncHookHandler[],
): void {
  route(OPERATIONS.shareAdd, async ({ actor, body }) => ({
    status: 200,
    ...(await service.add(actor, body)),
    message: SHARE_TEXTS.created,
  }));

  route(OPERATIONS.shareGet, async ({ user, body }) => ({
    status: 200,
    links: await service.list(user, body?.vid),
  }));

  route(OPERATIONS.shareRevoke, async ({ actor, body: { slid } }) => {
    await service.revoke(actor, slid);
    return { status: 200, message: SHARE_TEXTS.revoked };
  });

  route(
    OPERATIONS.shareView,
    async ({ request, reply }) => {
      const { token } = request.params as { token?: string };
      // A live position: never kept by a browser or a proxy, never sent on as a referrer.
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return service.view(token ?? '');
    },
    { before: publicLimit },
  );
}
