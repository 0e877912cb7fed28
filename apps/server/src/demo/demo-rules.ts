import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { defaultRuleNames } from '@jejak/contract';
import type { Database } from '../storage/db/schema.ts';

/**
 * Alerts a new user sees within minutes of `npm start` (issue 12 item 7): the simulator presses
 * SOS on one demo vehicle every few minutes (the built-in SOS rule of DEFAULT: a CRITICAL event
 * and a ticket), and drives another one fast, over the demo owner's speed rule.
 */
export const DEMO_SOS_VEHICLE = 0;
export const DEMO_SPEEDER_VEHICLE = 1;
/** Device time between SOS presses. */
export const DEMO_SOS_EVERY_MS = { min: 3 * 60_000, max: 5 * 60_000 };
/**
 * The speeder cruises 1.5 times as fast (30–135 km/h) against a 70 km/h rule: its simulated route
 * (seed 2) first speeds about 2 minutes after start and then every few minutes (14 violations an
 * hour at 5 s fixes). At 1.3 times and 80 km/h it took half an hour, so a new user saw none.
 */
export const DEMO_SPEEDER_CRUISE_FACTOR = 1.5;
export const DEMO_SPEED_LIMIT_KMH = 70;

/** The demo owner's 'Demo Rules' template with a speed rule, linked to the speeder. */
export async function seedDemoRules(
  trx: Transaction<Database>,
  ownerUid: string,
  speederVid: string,
  nowMs: number,
): Promise<void> {
  const rtid = randomUUID();
  await trx
    .insertInto('rule_templates')
    .values({
      rtid,
      uid: ownerUid,
      template_name: 'Demo Rules',
      created_at: nowMs,
      updated_by: ownerUid,
      updated_at: nowMs,
    })
    .execute();
  const ruleName = 'Speeding';
  const names = defaultRuleNames(ruleName);
  await trx
    .insertInto('rules')
    .values({
      ruid: randomUUID(),
      rtid,
      rule_name: ruleName,
      rule_type: 'warning',
      rule_complied_name: names.complied,
      rule_violated_name: names.violated,
      conditions: JSON.stringify([{ parameter: 'speed', operator: 'more', value: DEMO_SPEED_LIMIT_KMH }]),
      trigger_type: null,
      template_type: null,
      created_by: ownerUid,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
  await trx.insertInto('vehicle_rule_templates').values({ vid: speederVid, rtid }).execute();
}
