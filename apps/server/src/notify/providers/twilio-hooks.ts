import { API_BASE, PROVIDER_HOOK_PATHS } from '@jejak/contract';

/** The address of one of our Twilio webhooks as Twilio is told it (and signs it). */
export function hookUrl(publicUrl: string, hook: keyof typeof PROVIDER_HOOK_PATHS, ref?: string): string {
  const base = `${publicUrl.replace(/\/+$/, '')}${API_BASE}${PROVIDER_HOOK_PATHS[hook]}`;
  return ref === undefined ? base : `${base}?ref=${encodeURIComponent(ref)}`;
}
