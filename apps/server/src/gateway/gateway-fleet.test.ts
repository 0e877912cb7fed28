import { describe, expect, it } from 'vitest';
import type { Device } from '@jejak/domain';
import { limitGatewayFleet, type GatewayFleet } from './gateway-fleet.ts';

/** A store whose queries stay open until the test answers them, in the order they were asked. */
function heldStore() {
  const asked: { what: string; answer: () => void }[] = [];
  const hold = <T>(what: string, value: T) =>
    new Promise<T>((resolve) => asked.push({ what, answer: () => resolve(value) }));
  const fleet: GatewayFleet = {
    deviceByImei: (imei) => hold(`lookup ${imei}`, imei.startsWith('9') ? null : ({ dvid: `H02#${imei}` } as Device)),
    recordUnknownDevice: (_protocol, imei) => hold(`record ${imei}`, undefined),
  };
  const open = () => asked.filter((q) => q.what !== 'answered');
  const answerFirst = async () => {
    const q = open()[0];
    if (!q) throw new Error('no query open');
    q.answer();
    q.what = 'answered';
    // Lets the answer reach its caller and the next query start.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { fleet, asked, open, answerFirst };
}

describe('the gateways’ store queries', () => {
  it('runs at most the limit at once, the rest in the order they came', async () => {
    const store = heldStore();
    const fleet = limitGatewayFleet(store.fleet, 2);
    const results = ['1001', '1002', '9003', '1004', '1005'].map((imei) => fleet.deviceByImei(imei, ['H02']));
    const recorded = fleet.recordUnknownDevice('h02', '9003', null, 0);
    expect(store.open().map((q) => q.what)).toEqual(['lookup 1001', 'lookup 1002']);
    await store.answerFirst();
    expect(store.open().map((q) => q.what)).toEqual(['lookup 1002', 'lookup 9003']);
    while (store.open().length > 0) {
      expect(store.open().length).toBeLessThanOrEqual(2);
      await store.answerFirst();
    }
    expect(store.asked.length).toBe(6);
    expect((await Promise.all(results)).map((d) => d?.dvid ?? null)).toEqual([
      'H02#1001',
      'H02#1002',
      null,
      'H02#1004',
      'H02#1005',
    ]);
    await expect(recorded).resolves.toBeUndefined();
  });

  it('asks once for an IMEI looked up again while its lookup is pending, and again after', async () => {
    const store = heldStore();
    const fleet = limitGatewayFleet(store.fleet, 1);
    const first = fleet.deviceByImei('1001', ['H02']);
    const again = [fleet.deviceByImei('1001', ['H02']), fleet.deviceByImei('1001', ['H02'])];
    const otherModels = fleet.deviceByImei('1001', ['GPS100']);
    await store.answerFirst();
    await store.answerFirst();
    expect(store.asked.map((q) => q.what)).toEqual(['answered', 'answered']);
    expect((await first)?.dvid).toBe('H02#1001');
    for (const d of await Promise.all(again)) expect(d).toBe(await first);
    await otherModels;
    const later = fleet.deviceByImei('1001', ['H02']);
    expect(store.open().map((q) => q.what)).toEqual(['lookup 1001']);
    await store.answerFirst();
    expect((await later)?.dvid).toBe('H02#1001');
  });

  it('frees the slot of a query that failed', async () => {
    let calls = 0;
    const fleet = limitGatewayFleet(
      {
        deviceByImei: () => (++calls === 1 ? Promise.reject(new Error('store down')) : Promise.resolve(null)),
        recordUnknownDevice: () => Promise.resolve(),
      },
      1,
    );
    await expect(fleet.deviceByImei('1001', ['H02'])).rejects.toThrow('store down');
    await expect(fleet.deviceByImei('1001', ['H02'])).resolves.toBeNull();
  });
});
