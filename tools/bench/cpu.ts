import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/storage/db/database.ts';

const CLOCK_TICKS_PER_S = 100;

/** CPU seconds the calling thread has used; `processCpuS(pid)`: a whole process (all its threads). */
export const threadCpuS = (): number => cpuS('/proc/thread-self/stat');
export const processCpuS = (pid: number): number => cpuS(`/proc/${pid}/stat`);

/** CPU seconds a process or thread has used (Linux /proc), 0 once it is gone. */
function cpuS(statPath: string): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(statPath, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return 0;
  }
}

/**
 * CPU spent by this process (all threads: gateway, pipeline, simulator, PGlite, GC helpers),
 * by its main thread alone, and by the PostgreSQL backends serving its database, so a run can
 * be judged per fix even when other work shares the machine. Backends only: PostgreSQL's WAL
 * writer and checkpointer are left out.
 */
export async function cpuMeter(db: Db, postgres: boolean) {
  const backends = postgres
    ? (
        await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)
      ).rows.map((r) => r.pid)
    : [];
  const pgCpu = () => backends.reduce((s, pid) => s + processCpuS(pid), 0);
  const own0 = process.cpuUsage();
  const main0 = threadCpuS();
  const pg0 = pgCpu();
  return {
    /** Call before the pool lets its connections go (idle timeout). */
    read(): { ownS: number; mainS: number; postgresS: number; load1: number } {
      const own = process.cpuUsage(own0);
      return {
        ownS: (own.user + own.system) / 1e6,
        mainS: threadCpuS() - main0,
        postgresS: pgCpu() - pg0,
        load1: loadavg()[0] ?? 0,
      };
    },
  };
}
