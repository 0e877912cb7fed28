/**
 * npm run bench:geocode — offline addresses (describePlace) per second on one core, for two
 * sets of fixed pseudo-random points: spread over Malaysia and its seas (the box 0.8–7.5° N,
 * 99.5–119.5° E: towns, "near" and open sea all occur), and inside the Klang Valley (2.9–3.3° N,
 * 101.4–101.8° E), where most of a fleet's fixes are. Option: --seconds S (default 2, per set).
 */
import { parseArgs } from 'node:util';
import { describePlace } from '@jejak/domain';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const SECONDS = Number(values.seconds);

let seed = 1;
const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
const box = (lat0: number, dLat: number, lon0: number, dLon: number): [number, number][] =>
  Array.from({ length: 100_000 }, () => [lat0 + next() * dLat, lon0 + next() * dLon]);

function measure(name: string, points: [number, number][]): void {
  const kinds = { at: 0, near: 0, coordinates: 0 };
  for (const [lat, lon] of points.slice(0, 10_000)) {
    const address = describePlace(lat, lon);
    if (address.startsWith('near ')) kinds.near++;
    else if (/^-?\d/.test(address)) kinds.coordinates++;
    else kinds.at++;
  }
  let lookups = 0;
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 10_000; i++) {
      const point = points[lookups % points.length] ?? [0, 0];
      describePlace(point[0], point[1]);
      lookups++;
    }
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `describePlace, ${name}: ${Math.round(lookups / seconds).toLocaleString('en')} lookups/s ` +
      `(${(1e6 * (seconds / lookups)).toFixed(2)} µs each); of 10,000 points: ` +
      `${kinds.at} at a town, ${kinds.near} near one, ${kinds.coordinates} as coordinates`,
  );
}

measure('Malaysia and its seas', box(0.8, 6.7, 99.5, 20));
measure('Klang Valley', box(2.9, 0.4, 101.4, 0.4));
