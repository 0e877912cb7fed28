import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuelTankError } from '@jejak/contract';
import { DEFAULT_FUEL_TANK, defaultFuelProfile, type FuelProfile } from '@jejak/domain';
import { createFleetRepo, type FleetRepo } from '../src/storage/repos/fleet/fleet-repo.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();

describe.each(kinds)('vehicle fuel profiles on %s', (kind) => {
  let server: TestServer;
  let fleet: FleetRepo;
  let uid: string;
  const db = () => server.app.database.db;
  const addVehicle = async (): Promise<string> => {
    const vid = randomUUID();
    await sql`insert into vehicles (vid, uid, vehicle_plate, vehicle_display_name, created_at)
      values (${vid}, ${uid}, 'WFP 1', 'Ujian', ${Date.now()})`.execute(db());
    return vid;
  };
  beforeAll(async () => {
    server = await startTestServer(kind);
    fleet = createFleetRepo(db());
    const owner = await sql<{ uid: string }>`select uid from users where user_email = 'owner@demo.jejak.my'`.execute(
      db(),
    );
    uid = owner.rows[0]?.uid ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('seeds the demo vehicles with a tank sized for their type', async () => {
    const vehicles = await fleet.visibleVehicles({ uid: '', role: 'super', hierarchy: '' });
    const capacity = (plate: string) => vehicles.find((v) => v.vehiclePlate === plate)?.fuelProfile.fuel?.fuelCapacity;
    expect(capacity('WXY 1234')).toBe(200); // a lorry
    expect(capacity('VBD 882')).toBe(70); // a van
    expect(capacity('BQR 7703')).toBe(0); // the motorcycle has no sensor: the default tank
  });

  it('gives vehicles that existed before the migration the default tank', async () => {
    // Undo migration 007, add a vehicle as an older release would have, then migrate again.
    await sql`alter table vehicles drop column fuel_profile`.execute(db());
    await sql`delete from schema_migrations where name = '007_fuel_profile.sql'`.execute(db());
    const vid = await addVehicle();
    expect(await migrate(db())).toEqual(['007_fuel_profile.sql']);
    expect(await fleet.vehicleFuelProfile(vid)).toEqual(defaultFuelProfile());
  });

  it('writes and reads a profile whole', async () => {
    const vid = await addVehicle();
    const profile: FuelProfile = {
      fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 250 },
      fuel2: { ...DEFAULT_FUEL_TANK, portNumber: 2, fuelCapacity: 150, fuelLevelOperator: '%', fuelLevelMax: 100 },
    };
    expect(await fleet.setVehicleFuelProfile(vid, profile)).toBe(true);
    expect(await fleet.vehicleFuelProfile(vid)).toEqual(profile);
    expect(await fleet.setVehicleFuelProfile(randomUUID(), profile)).toBe(false);
    expect(await fleet.vehicleFuelProfile(randomUUID())).toBeNull();
  });

  it('refuses a bad tank with the spec text and keeps what was stored', async () => {
    const vid = await addVehicle();
    const bad = {
      fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 80 },
      fuel2: { ...DEFAULT_FUEL_TANK, portNumber: 2, fuelLevelMin: 5, fuelLevelMax: 5 },
    };
    const err = await fleet.setVehicleFuelProfile(vid, bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZodError);
    expect((err as ZodError).issues.map((i) => i.message)).toEqual([fuelTankError(2)]);
    expect(await fleet.vehicleFuelProfile(vid)).toEqual(defaultFuelProfile());
  });
});
