/**
 * Pure rules of the live channel's access (ADR 0032): which sockets a change concerns, what a
 * subscription keeps once the session's reach was read again, and which origins may open one.
 */

/** Whether an `access.changed` signal concerns a socket of user `uid`. */
export function concerns(signal: readonly string[] | 'all', uid: string): boolean {
  return signal === 'all' || signal.includes(uid);
}

/** A subscription narrowed to what the session still reaches: it never grows here. */
export function narrow(subscribed: ReadonlySet<string>, visible: ReadonlySet<string>): { removed: string[] } {
  return { removed: [...subscribed].filter((dvid) => !visible.has(dvid)) };
}

/** Whether a session that ends at `expiresAtMs` must be read again (it may have ended). */
export function isDue(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs;
}

/**
 * Whether a WebSocket upgrade with this `Origin` may open the live channel. Browsers always
 * send Origin on a WebSocket upgrade, so a missing one is a non-browser client (a script with
 * its own cookie), which cross-site pages cannot imitate: allowed. A present Origin must be
 * the server's own (its host and port equal the request's Host) or one of `allowed` (the
 * console's address behind a proxy that rewrites Host). 'null' (sandboxed frames, files) and
 * anything unparsable are refused.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (allowed.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host === host.toLowerCase();
}

/** The live channel's caps (ADR 0082): sockets per session and per user, ids per subscribe. */
export interface LiveLimits {
  maxSocketsPerSession: number;
  maxSocketsPerUser: number;
  maxIdsPerSubscribe: number;
  /**
   * What a user's sockets may send, all together: a burst, then this many bytes a second. A user
   * past it has its sockets' reading paused (TCP backpressure) until the debt is paid.
   */
  bytesPerSecond: number;
  burstBytes: number;
}

/** Why a new socket is refused: its session, or its user, has as many open as allowed. */
export function socketRefusal(
  open: { session: number; user: number },
  limits: Pick<LiveLimits, 'maxSocketsPerSession' | 'maxSocketsPerUser'>,
): 'session' | 'user' | null {
  if (open.session >= limits.maxSocketsPerSession) return 'session';
  if (open.user >= limits.maxSocketsPerUser) return 'user';
  return null;
}
