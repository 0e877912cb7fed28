import { OPERATIONS, WEBHOOK_TEXTS } from '@jejak/contract';
import type { WebhookService } from '../../../services/alerts/webhook-service.ts';
import type { Route } from '../../route-table.ts';

/** Webhooks (issue 28 item 2, ADR 0089); thin: the service checks ownership. */
export function registerWebhookRoutes(route: Route, service: WebhookService): void {
  route(OPERATIONS.webhookGet, async ({ user }) => ({ status: 200, webhooks: await service.list(user) }));

  route(OPERATIONS.webhookAdd, async ({ user, body }) => {
    const { webhook, secret } = await service.add(user, body);
    return { status: 200, webhook, secret, message: WEBHOOK_TEXTS.webhookAdded };
  });

  route(OPERATIONS.webhookDelete, async ({ user, body: { whid } }) => {
    await service.remove(user, whid);
    return { status: 200, message: WEBHOOK_TEXTS.webhookDeleted };
  });

  route(OPERATIONS.webhookResume, async ({ user, body: { whid } }) => {
    await service.resume(user, whid);
    return { status: 200, message: WEBHOOK_TEXTS.webhookResumed };
  });

  route(OPERATIONS.webhookDeliveries, async ({ user, body: { whid } }) => ({
    status: 200,
    deliveries: await service.deliveries(user, whid),
  }));
}
