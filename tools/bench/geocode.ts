/**
 * npm run bench:geocode — offline addresses (describePlace) per second on one core, for points
 * spread over Malaysia and its seas (the box 0.8–7.5° N, 99.5–119.5° E: towns, "near" and
 * open sea all occur). Option: --seconds S (default 2).
 */
import { parseArgs } from 'node:util';
import { describePlace } from '@jejak/domain';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const SECONDS = Number(values.seconds);

// Fixed pseudo-random points, so runs compare.
const points: [number, number][] = [];
let seed = 1;
const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
for (let i = 0; i < 100_000; i++) points.push([0.8 + next() * 6.7, 99.5 + next() * 20]);

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
  `describePlace: ${Math.round(lookups / seconds).toLocaleString('en')} lookups/s ` +
    `(${(1e6 * (seconds / lookups)).toFixed(2)} µs each); of 10,000 points: ` +
    `${kinds.at} at a town, ${kinds.near} near one, ${kinds.coordinates} as coordinates`,
);
