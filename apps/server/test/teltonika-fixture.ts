import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FuelProfile } from '@jejak/domain';
import {
  decodeTeltonikaAck,
  encodeCodec8Packet,
  encodeTeltonikaImei,
  type TeltonikaRecordInput,
} from '@jejak/protocols';
import type { Db } from '../src/storage/db/database.ts';
import { createFleetRepo } from '../src/storage/repos/fleet/fleet-repo.ts';

/** A Teltonika tracker over real TCP: greets with its IMEI, then sends records and reads the acks. */
export async function connectTeltonika(port: number, imei: string) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  socket.on('data', (d) => {
    received = Buffer.concat([received, d]);
    wake?.();
  });
  socket.on('error', () => undefined);
  const next = async (bytes: number): Promise<Buffer> => {
    while (received.length < bytes) await new Promise<void>((r) => (wake = r));
    const out = received.subarray(0, bytes);
    received = received.subarray(bytes);
    return out;
  };
  socket.write(encodeTeltonikaImei(imei));
  if ((await next(1))[0] !== 0x01) throw new Error(`the server refused IMEI ${imei}`);
  return {
    /** Sends the records and waits for the server's acknowledgement (sent once they are stored). */
    async send(records: TeltonikaRecordInput[]): Promise<void> {
      socket.write(encodeCodec8Packet(records));
      const acked = decodeTeltonikaAck(await next(4));
      if (acked !== records.length) throw new Error(`acknowledged ${acked} of ${records.length} records`);
    },
    close: () => socket.destroy(),
  };
}

/** A TEL100 tracker fitted to a new lorry of owner2's with these tanks; its dvid and vid. */
export async function fitTankLorry(
  db: Db,
  imei: string,
  names: { plate: string; displayName: string },
  profile: FuelProfile,
): Promise<{ dvid: string; vid: string }> {
  const owner2 = await sql<{ uid: string }>`select uid from users where user_email = 'owner2@demo.jejak.my'`.execute(
    db,
  );
  const uid = owner2.rows[0]?.uid ?? '';
  const dvid = `TEL100#${imei}`;
  const vid = randomUUID();
  await sql`insert into devices (dvid, model, imei, uid, created_at) values (${dvid}, 'TEL100', ${imei}, ${uid}, ${Date.now()})`.execute(
    db,
  );
  await sql`insert into vehicles (vid, dvid, uid, vehicle_plate, vehicle_display_name, vehicle_type, created_at)
    values (${vid}, ${dvid}, ${uid}, ${names.plate}, ${names.displayName}, 'Truck', ${Date.now()})`.execute(db);
  if (!(await createFleetRepo(db).setVehicleFuelProfile(vid, profile))) throw new Error('no fuel profile set');
  return { dvid, vid };
}
