import type { RunningJejak } from '../../apps/server/src/app.ts';
import { newSendStats, type SendContext, type StreamRecord } from './senders.ts';

/**
 * Finds the frame behind a failed commit. The pipeline commits many devices' messages in one
 * batch, so when a commit fails the log names neither the frame nor the stream. Triage keeps
 * the streams that were open shortly before each kind of failure and, after the run, sends them
 * again on fresh streams, halving the set while the failure still happens, then leaves the last
 * stream's frames out one at a time while it still happens.
 */
export interface Finding {
  /** What the server said: the log message and reason or error. */
  what: string;
  /** Frames to reproduce it, in order (hex, up to 4 KiB each). */
  framesHex: string[];
  /** How the frames were found, or why there are none. */
  note: string;
}

/** A failed batch holds messages submitted at most this long before it failed. */
const WINDOW_MS = 3000;
const MAX_CANDIDATES = 3000;
const MAX_CASES = 4;
const CONCURRENCY = 32;
const TRIAGE_BUDGET_MS = 90_000;
const HEX_LIMIT = 4096;

interface Case {
  key: string;
  what: string;
  atMs: number;
  candidates: StreamRecord[];
}

export const toHex = (b: Uint8Array): string => Buffer.from(b.subarray(0, HEX_LIMIT)).toString('hex');

export function createTriage(app: RunningJejak) {
  let recent: StreamRecord[] = [];
  const cases: Case[] = [];
  const failures = new Map<string, number>();
  let triaging = false;

  async function settle(): Promise<void> {
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      await app.pipeline.drain();
    }
  }

  /** Sends `frames(stream)` again for every stream; true if the failure happened again. */
  async function reproduces(
    c: Case,
    streams: StreamRecord[],
    ctx: SendContext,
    frames: (s: StreamRecord) => Uint8Array[] = (s) => s.frames,
  ): Promise<boolean> {
    const before = failures.get(c.key) ?? 0;
    for (let i = 0; i < streams.length; i += CONCURRENCY) {
      await Promise.all(streams.slice(i, i + CONCURRENCY).map((s) => s.resend(frames(s), ctx)));
    }
    await settle();
    return (failures.get(c.key) ?? 0) > before;
  }

  async function triage(c: Case, ctx: SendContext, deadline: number): Promise<Finding> {
    let set = c.candidates;
    if (set.length === 0) return { what: c.what, framesHex: [], note: 'no stream was open when it happened' };
    if (!(await reproduces(c, set, ctx))) {
      return {
        what: c.what,
        framesHex: [],
        note: `not reproduced by sending the ${set.length} streams around it again`,
      };
    }
    while (set.length > 1 && Date.now() < deadline) {
      const half = Math.ceil(set.length / 2);
      if (await reproduces(c, set.slice(0, half), ctx)) set = set.slice(0, half);
      else if (await reproduces(c, set.slice(half), ctx)) set = set.slice(half);
      else break;
    }
    const [stream] = set;
    if (set.length > 1 || !stream) {
      return {
        what: c.what,
        framesHex: set.slice(0, 20).flatMap((s) => s.frames.map(toHex)),
        note: `reproduced by ${set.length} streams together, not by either half`,
      };
    }
    // One frame left out at a time, from the last: what is left still fails, in order.
    let frames = stream.frames;
    for (let i = frames.length - 1; i >= 0 && frames.length > 1 && Date.now() < deadline; i--) {
      const without = frames.filter((_, j) => j !== i);
      if (await reproduces(c, [stream], ctx, () => without)) frames = without;
    }
    return {
      what: c.what,
      framesHex: frames.map(toHex),
      note:
        frames.length === 1
          ? 'reproduced by this frame alone'
          : `reproduced by these ${frames.length} frames, in order, on one stream`,
    };
  }

  return {
    /** A stream ended: keep it while it may matter to a failure. */
    remember(s: StreamRecord): void {
      for (const c of cases) {
        if (s.startedAtMs <= c.atMs && s.endedAtMs >= c.atMs - WINDOW_MS && c.candidates.length < MAX_CANDIDATES)
          c.candidates.push(s);
      }
      recent.push(s);
      if (recent.length > 2 * MAX_CANDIDATES || (recent[0]?.endedAtMs ?? Infinity) < Date.now() - 2 * WINDOW_MS) {
        const cutoff = Date.now() - WINDOW_MS;
        recent = recent.filter((r) => r.endedAtMs >= cutoff).slice(-MAX_CANDIDATES);
      }
    },

    /** The server logged a failed commit (`key`: the error with numbers blanked out). */
    commitFailed(key: string, what: string): void {
      failures.set(key, (failures.get(key) ?? 0) + 1);
      if (triaging || cases.length >= MAX_CASES || cases.some((c) => c.key === key)) return;
      const atMs = Date.now();
      cases.push({ key, what, atMs, candidates: recent.filter((r) => r.endedAtMs >= atMs - WINDOW_MS) });
    },

    /** Forgets the streams kept; no triage after this. */
    release(): void {
      triaging = true;
      recent = [];
      for (const c of cases) c.candidates = [];
    },

    /** After the run: one finding per kind of failed commit. */
    async run(base: SendContext): Promise<Finding[]> {
      const ctx: SendContext = {
        ...base,
        budget: { left: Infinity },
        deadline: Infinity,
        stats: newSendStats(),
        streams: new Map(),
        onStreamEnd: () => undefined,
      };
      triaging = true;
      const deadline = Date.now() + TRIAGE_BUDGET_MS;
      const findings: Finding[] = [];
      for (const c of cases) findings.push(await triage(c, ctx, deadline));
      return findings;
    },
  };
}
