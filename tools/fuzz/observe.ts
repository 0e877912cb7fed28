import type { RunningJejak } from '../../apps/server/src/app.ts';
import type { OpenStream, StreamRecord } from './senders.ts';
import { tapServerLog, type ServerLogLine } from './server-log.ts';
import { createTriage, toHex, type Finding } from './triage.ts';

/**
 * What a run learns besides the counters: trouble the server logged (counted by kind), findings
 * with the frames that caused them, and exceptions nobody caught. Installed for one run.
 */
const MAX_FINDINGS = 10;

export interface Observer {
  /** Trouble lines by kind (numbers blanked out). */
  trouble: Record<string, number>;
  findings: Finding[];
  uncaught: string[];
  /** Open streams by the peer the server sees (filled by the senders, marked refused from the log). */
  streams: Map<string, OpenStream>;
  onStreamEnd(stream: StreamRecord): void;
  /** After the run: finds the frames behind failed commits (triage.ts). */
  triage: ReturnType<typeof createTriage>;
  /** Drops what the run kept to triage with (after triage). */
  release(): void;
  stop(): void;
}

/** Log lines that mean something went wrong inside the server rather than in the frame. */
function troubleOf(line: ServerLogLine): string | null {
  const reason = typeof line.fields.reason === 'string' ? line.fields.reason : '';
  if (line.msg === 'bad frame, closing') return reason.startsWith('internal') ? `decoder threw: ${reason}` : null;
  if (line.msg === 'unknown device refused') return null;
  // The fuzzer replays captured IMEIs over many connections at once: a takeover is the duplicate-IMEI
  // policy at work (ADR 0034), recorded in the device log, not a fault.
  if (line.msg.startsWith('a second connection claims a connected device')) return null;
  const { err } = line.fields;
  const error = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err ?? '');
  const context = typeof line.fields.context === 'string' ? ` (${line.fields.context})` : '';
  return `${line.msg}${context}: ${error}`.slice(0, 300);
}

/** Numbers blanked out, so one kind of trouble is counted once whatever the values. */
const troubleKey = (what: string): string => what.replace(/\d+/g, 'N').slice(0, 120);

export function observeServer(app: RunningJejak): Observer {
  const trouble: Record<string, number> = {};
  const findings: Finding[] = [];
  const uncaught: string[] = [];
  const streams = new Map<string, OpenStream>();
  const triage = createTriage(app);
  const addFinding = (f: Finding) => {
    if (findings.length < MAX_FINDINGS && !findings.some((g) => g.what === f.what)) findings.push(f);
  };

  const untap = tapServerLog(app, (line) => {
    const stream = streams.get(typeof line.fields.peer === 'string' ? line.fields.peer : '');
    if (stream && (line.msg === 'bad frame, closing' || line.msg === 'unknown device refused')) stream.refused = true;
    const what = troubleOf(line);
    if (!what) return;
    const key = troubleKey(what);
    const seen = (trouble[key] ?? 0) + 1;
    trouble[key] = seen;
    // The context names the devices of the batch: `pipeline commit (GPS100#…)`.
    if (line.msg === 'background failure' && String(line.fields.context).startsWith('pipeline commit'))
      triage.commitFailed(key, what);
    // A failed commit is triaged after the run (a connection closed because its batch failed is
    // collateral); an HTTP 500 is reported with its request when the response comes back.
    if (['background failure', 'store failed, closing', 'http gateway failure'].includes(line.msg) || seen > 1) return;
    const sent = stream?.frames ?? [];
    addFinding({
      what,
      framesHex: sent.map(toHex),
      note: sent.length > 0 ? 'frames sent on the stream the server named, in order' : 'the server named no stream',
    });
  });
  const onUncaught = (err: unknown) => uncaught.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);

  return {
    trouble,
    findings,
    uncaught,
    streams,
    triage,
    onStreamEnd(s) {
      triage.remember(s);
      if (s.status === '500')
        addFinding({ what: 'HTTP 500', framesHex: s.frames.map(toHex), note: 'the request, as sent' });
    },
    release() {
      streams.clear();
      triage.release();
    },
    stop() {
      untap();
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onUncaught);
    },
  };
}
