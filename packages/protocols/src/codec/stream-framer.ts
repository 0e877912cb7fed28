import type { Framer, FramerOutput } from '../message.ts';

/** What a protocol's frame finder says about the bytes at `pos`. */
export type FrameStep =
  | { kind: 'frame'; end: number; /** where the frame starts, when not at `pos` */ start?: number }
  | { kind: 'need' }
  | { kind: 'error'; reason: string };

export interface FrameContext {
  /** Bytes the stream may hold without completing a frame. */
  max: number;
  /** Offset in `data` where the newest chunk begins (a chunk that is exactly one frame can tell). */
  chunkStart: number;
}

export interface StreamFramerSpec {
  max: number;
  nextFrame(data: Uint8Array, pos: number, ctx: FrameContext): FrameStep;
  /** Skips bytes allowed between frames (e.g. CR LF); returns the next position. */
  skip?(data: Uint8Array, pos: number): number;
}

const EMPTY = new Uint8Array(0);

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * The one stream framer every TCP protocol uses: keeps partial data between chunks (bounded by
 * `max`), cuts complete frames with the protocol's `nextFrame`, and fails for good on garbage —
 * the caller then closes the connection.
 */
export function createStreamFramer(spec: StreamFramerSpec): Framer {
  let pending: Uint8Array = new Uint8Array(0);
  let failed: string | null = null;

  function fail(frames: Uint8Array[], reason: string): FramerOutput {
    failed = reason;
    pending = new Uint8Array(0);
    return { frames, error: reason };
  }

  function push(chunk: Uint8Array): FramerOutput {
    if (failed) return { frames: [], error: failed };
    const chunkStart = pending.length;
    const data = pending.length === 0 ? chunk : concat(pending, chunk);
    const frames: Uint8Array[] = [];
    const ctx: FrameContext = { max: spec.max, chunkStart };
    let pos = 0;
    for (;;) {
      if (spec.skip) pos = spec.skip(data, pos);
      const step = spec.nextFrame(data, pos, ctx);
      if (step.kind === 'need') break;
      if (step.kind === 'error') return fail(frames, step.reason);
      frames.push(data.slice(step.start ?? pos, step.end));
      pos = step.end;
    }
    if (data.length - pos > spec.max) return fail(frames, `no complete frame within ${spec.max} bytes`);
    // Most chunks end on a frame's end: nothing to keep, and no empty copy made for it.
    pending = pos === data.length ? EMPTY : data.slice(pos);
    return { frames, error: null };
  }

  return {
    push,
    get bufferedBytes() {
      return pending.length;
    },
  };
}
