/**
 * A token bucket: `tokens` as of `atMs`, refilled at `perMinute` up to `burst`. The gateway's
 * per-address guards take one token a message (refused when empty, ADR 0034); the live
 * channel spends bytes and waits out its debt (ADR 0082).
 */
export interface Bucket {
  tokens: number;
  atMs: number;
}

/** A bucket that starts full. */
export const fullBucket = (burst: number, nowMs: number): Bucket => ({ tokens: burst, atMs: nowMs });

/** The tokens the bucket holds at `nowMs`. */
export function refill(b: Bucket, perMinute: number, burst: number, nowMs: number): number {
  return Math.min(burst, b.tokens + (Math.max(0, nowMs - b.atMs) * perMinute) / 60_000);
}

/** Takes one token if the bucket holds one: whether it did. */
export function take(b: Bucket, perMinute: number, burst: number, nowMs: number): boolean {
  b.tokens = refill(b, perMinute, burst, nowMs);
  b.atMs = nowMs;
  if (b.tokens < 1) return false;
  b.tokens--;
  return true;
}

/**
 * Spends `amount` tokens whether the bucket holds them or not, and answers how long (ms) its
 * user must wait until the bucket is out of debt again: 0 while it is not in debt.
 */
export function spend(b: Bucket, amount: number, perMinute: number, burst: number, nowMs: number): number {
  b.tokens = refill(b, perMinute, burst, nowMs) - amount;
  b.atMs = nowMs;
  return b.tokens >= 0 ? 0 : Math.ceil((-b.tokens * 60_000) / perMinute);
}
