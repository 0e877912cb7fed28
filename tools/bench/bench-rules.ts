import { randomUUID } from 'node:crypto';
import type { Db } from '../../apps/server/src/storage/db/database.ts';

/** The kinds of condition the bench rules cycle through: every parameter but geofence and deviceMessage 'is'. */
const CONDITIONS = [
  (i: number) => ({ parameter: 'speed', operator: 'more', value: 60 + i }),
  (i: number) => ({ parameter: 'speed', operator: 'less', value: 5 + i }),
  () => ({ parameter: 'activeTime', operator: 'after', value: '0600' }),
  () => ({ parameter: 'activeDay', operator: 'include', value: [1, 2, 3, 4, 5] }),
  () => ({ parameter: 'engineStatus', operator: 'is', value: 1 }),
  () => ({ parameter: 'gpsStatus', operator: 'is', value: 1 }),
  () => ({ parameter: 'cellularStatus', operator: 'isNot', value: 0 }),
  (i: number) => ({ parameter: 'accelerate', operator: 'more', value: 5 + i }),
  (i: number) => ({ parameter: 'parkingTime', operator: 'more', value: (10 + i) * 60_000 }),
  (i: number) => ({ parameter: 'idlingTime', operator: 'more', value: (5 + i) * 60_000 }),
  () => ({ parameter: 'deviceMessage', operator: 'isNot', value: 'help me' }),
];

/**
 * Gives every vehicle `count` rules of two conditions each, in one template per owner linked to
 * all the owner's vehicles (bench:ingest --rules N).
 */
export async function seedBenchRules(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const vehicles = await db.selectFrom('vehicles').select(['vid', 'uid']).execute();
  const now = Date.now();
  for (const uid of new Set(vehicles.map((v) => v.uid))) {
    const rtid = randomUUID();
    await db
      .insertInto('rule_templates')
      .values({ rtid, uid, template_name: 'Bench', created_at: now, updated_by: uid, updated_at: now })
      .execute();
    const rules = Array.from({ length: count }, (_, i) => {
      const a = CONDITIONS[i % CONDITIONS.length] ?? CONDITIONS[0];
      const b = CONDITIONS[(i + 3) % CONDITIONS.length] ?? CONDITIONS[0];
      return {
        ruid: randomUUID(),
        rtid,
        rule_name: `Bench ${i}`,
        rule_type: i % 4 === 0 ? 'warning' : 'info',
        rule_complied_name: `Bench ${i} complied`,
        rule_violated_name: `Bench ${i} violated`,
        conditions: JSON.stringify([a?.(i), b?.(i)]),
        trigger_type: null,
        template_type: null,
        created_by: uid,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto('rules').values(rules).execute();
    const links = vehicles.filter((v) => v.uid === uid).map((v) => ({ vid: v.vid, rtid }));
    for (let i = 0; i < links.length; i += 1000)
      await db
        .insertInto('vehicle_rule_templates')
        .values(links.slice(i, i + 1000))
        .execute();
  }
}
