import { describe, expect, it } from 'vitest';
import type { Device } from '@jejak/domain';
import { limitGatewayFleet, type GatewayFleet } from './gateway-fleet.ts';

/** A store whose queries stay open until the test answers them, in the order they were asked. */
function heldStore() {
  const asked: { what: string; answer: () => void }[] = [];
  const hold = <T>(what: string, value: T) =>
    new Promise<T>((resolve) => asked.push({ what, answer: () => resolve(value) }));
  const fleet: GatewayFleet = {
    devicesByImei: (imeis) =>
      hold(
        `lookup ${imeis.join(',')}`,
        new Map(imeis.filter((i) => !i.startsWith('9')).map((i) => [i, { dvid: `H02#${i}` } as Device])),
      ),
    recordUnknownDevice: (_protocol, imei) => hold(`record ${imei}`, undefined),
    pruneUnknownDevices: (maxRows) => hold(`prune ${maxRows}`, undefined),
    recordDeviceConflict: (c) => hold(`conflict ${c.dvid}`, undefined),
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
    const results = [['1001', '1002'], ['9003'], ['1004'], ['1005']].map((imeis) =>
      fleet.devicesByImei(imeis, ['H02']),
    );
    const recorded = fleet.recordUnknownDevice('h02', '9003', null, 0);
    expect(store.open().map((q) => q.what)).toEqual(['lookup 1001,1002', 'lookup 9003']);
    await store.answerFirst();
    expect(store.open().map((q) => q.what)).toEqual(['lookup 9003', 'lookup 1004']);
    while (store.open().length > 0) {
      expect(store.open().length).toBeLessThanOrEqual(2);
      await store.answerFirst();
    }
    expect(store.asked.length).toBe(5);
    expect((await Promise.all(results)).map((found) => [...found.keys()])).toEqual([
      ['1001', '1002'],
      [],
      ['1004'],
      ['1005'],
    ]);
    await expect(recorded).resolves.toBeUndefined();
  });

  it('frees the slot of a query that failed', async () => {
    let calls = 0;
    const fleet = limitGatewayFleet(
      {
        devicesByImei: () => (++calls === 1 ? Promise.reject(new Error('store down')) : Promise.resolve(new Map())),
        recordUnknownDevice: () => Promise.resolve(),
        pruneUnknownDevices: () => Promise.resolve(),
        recordDeviceConflict: () => Promise.resolve(),
      },
      1,
    );
    await expect(fleet.devicesByImei(['1001'], ['H02'])).rejects.toThrow('store down');
    await expect(fleet.devicesByImei(['1001'], ['H02'])).resolves.toEqual(new Map());
  });
});
