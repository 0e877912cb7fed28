import {
  AddWebhookResponseSchema,
  WEBHOOK_PATHS,
  WebhookDeliveriesResponseSchema,
  WebhookMessageResponseSchema,
  WebhooksResponseSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookKind,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

/** Query keys of webhooks; a change to one invalidates ['webhooks']. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  log: (whid: string) => ['webhooks', 'log', whid] as const,
};

export function useWebhooks(): UseQueryResult<Webhook[]> {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: async () => (await apiPost(WEBHOOK_PATHS.webhookGet, {}, WebhooksResponseSchema)).webhooks,
  });
}

/** The latest deliveries of one webhook, newest first; read again every few seconds while shown. */
export function useWebhookLog(whid: string): UseQueryResult<WebhookDelivery[]> {
  return useQuery({
    queryKey: webhookKeys.log(whid),
    queryFn: async () =>
      (await apiPost(WEBHOOK_PATHS.webhookDeliveries, { whid }, WebhookDeliveriesResponseSchema)).deliveries,
    refetchInterval: 5_000,
  });
}

/** POST /webhook/add: the webhook and its secret, which is never shown again. */
export async function addWebhook(url: string, kinds: WebhookKind[]): Promise<{ webhook: Webhook; secret: string }> {
  return apiPost(WEBHOOK_PATHS.webhookAdd, { url, kinds }, AddWebhookResponseSchema);
}

export async function deleteWebhook(whid: string): Promise<string> {
  return (await apiPost(WEBHOOK_PATHS.webhookDelete, { whid }, WebhookMessageResponseSchema)).message;
}

export async function resumeWebhook(whid: string): Promise<string> {
  return (await apiPost(WEBHOOK_PATHS.webhookResume, { whid }, WebhookMessageResponseSchema)).message;
}
