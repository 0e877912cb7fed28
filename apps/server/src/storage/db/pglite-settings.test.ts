import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { openPGlite } from './database.ts';

describe('embedded engine settings', () => {
  it('starts PGlite with the configured shared_buffers, small by default', async () => {
    const handle = await openPGlite(null, { sharedBuffersMb: loadConfig({}).JEJAK_PGLITE_SHARED_BUFFERS_MB });
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
    await handle.close();
    expect(rows[0]?.shared_buffers).toBe('8MB');
  });
});
