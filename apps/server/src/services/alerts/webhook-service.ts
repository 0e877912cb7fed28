import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_TEXTS, type Webhook, type WebhookDelivery, type WebhookKind } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { WebhookRepo } from '../../storage/repos/alerts/webhook-repo.ts';

/** Webhooks one user may hold. */
export const MAX_WEBHOOKS_PER_USER = 10;

/**
 * Webhooks (issue 28 item 2, ADR 0089): each is its creator's, seen and changed by them only;
 * which vehicles it covers is their reach, checked when each delivery is planned and sent.
 */
export function createWebhookService(deps: {
  repo: Pick<WebhookRepo, 'listOf' | 'get' | 'insert' | 'remove' | 'resume' | 'deliveries'>;
  allowPrivate: boolean;
  now: () => number;
}) {
  const { repo } = deps;

  async function own(user: User, whid: string): Promise<Webhook> {
    const hook = await repo.get(whid);
    if (!hook || hook.createdBy !== user.uid) throw AppError.notFound(WEBHOOK_TEXTS.notFound);
    return hook;
  }

  return {
    list: (user: User): Promise<Webhook[]> => repo.listOf(user.uid),

    async add(user: User, body: { url: string; kinds: WebhookKind[] }): Promise<{ webhook: Webhook; secret: string }> {
      const url = new URL(body.url);
      // Addresses are checked again at each delivery (DNS can change); this is the early answer.
      if (url.protocol !== 'https:' && !(deps.allowPrivate && url.protocol === 'http:'))
        throw AppError.validation(WEBHOOK_TEXTS.urlInvalid);
      if ((await repo.listOf(user.uid)).length >= MAX_WEBHOOKS_PER_USER)
        throw AppError.validation(WEBHOOK_TEXTS.tooMany.replace('{n}', String(MAX_WEBHOOKS_PER_USER)));
      const whid = randomUUID();
      const secret = `whsec_${randomBytes(32).toString('hex')}`;
      const kinds = [...new Set(body.kinds)];
      await repo.insert({ whid, createdBy: user.uid, url: url.href, kinds, secret, nowMs: deps.now() });
      return { webhook: await own(user, whid), secret };
    },

    async remove(user: User, whid: string): Promise<void> {
      await own(user, whid);
      await repo.remove(whid);
    },

    async resume(user: User, whid: string): Promise<void> {
      await own(user, whid);
      await repo.resume(whid, deps.now());
    },

    async deliveries(user: User, whid: string): Promise<WebhookDelivery[]> {
      await own(user, whid);
      return repo.deliveries(whid);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
