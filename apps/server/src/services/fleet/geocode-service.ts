import { z } from 'zod';
import {
  PLACE_SEARCH_LIMIT,
  type GeocodeRequest,
  type GeocodeResponse,
  type PlaceResult,
  type PlaceSearchRequest,
} from '@jejak/contract';
import { describePlace, searchPlaces, type User } from '@jejak/domain';
import { AppError } from '../../errors.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { createRateLimiter } from '../accounts/rate-limiter.ts';
import { viewerOf } from '../accounts/user-service.ts';

export interface OnlineGeocoderOptions {
  /** Base URL of a Nominatim-style service; `<url>/reverse?format=jsonv2&lat=…&lon=…` is asked. */
  url: string;
  timeoutMs: number;
  maxPerSecond: number;
  /** Nominatim's usage policy asks every client to name itself. */
  userAgent: string;
}

export interface GeocodeServiceOptions {
  repos: Pick<Repos, 'fleet'>;
  /** Off (null) by default: the offline gazetteer answers alone. */
  online: OnlineGeocoderOptions | null;
  now: () => number;
  /** Told why the online geocoder did not answer, before the gazetteer does. */
  onFallback: (err: unknown) => void;
}

/** A reverse-geocoding answer is a small JSON object; anything bigger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_ADDRESS_CHARS = 300;
const ReverseAnswerSchema = z.object({ display_name: z.string().trim().min(1) });

async function readLimited(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error(`answer larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
}

/** The display name a Nominatim-style `/reverse` gives for the point; throws on any failure. */
async function reverseGeocode(opts: OnlineGeocoderOptions, lat: number, lon: number): Promise<string> {
  const url = new URL('reverse', opts.url.endsWith('/') ? opts.url : `${opts.url}/`);
  url.search = new URLSearchParams({ format: 'jsonv2', lat: String(lat), lon: String(lon) }).toString();
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const res = await fetch(url, { headers: { 'user-agent': opts.userAgent, accept: 'application/json' }, signal });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`geocoder answered HTTP ${res.status}`);
  }
  const answer = ReverseAnswerSchema.parse(JSON.parse(await readLimited(res, MAX_ANSWER_BYTES)));
  return answer.display_name.slice(0, MAX_ADDRESS_CHARS);
}

const SearchAnswerSchema = z
  .array(z.object({ display_name: z.string().trim().min(1), lat: z.coerce.number(), lon: z.coerce.number() }))
  .max(50);
/** Street answers asked of the geocoder per search; the gazetteer's towns fill the rest. */
const STREET_RESULTS = 4;

/** Places a Nominatim-style `/search` gives for the query, in Malaysia; throws on any failure. */
async function forwardGeocode(opts: OnlineGeocoderOptions, q: string): Promise<PlaceResult[]> {
  const url = new URL('search', opts.url.endsWith('/') ? opts.url : `${opts.url}/`);
  url.search = new URLSearchParams({
    format: 'jsonv2',
    q,
    countrycodes: 'my',
    limit: String(STREET_RESULTS),
  }).toString();
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const res = await fetch(url, { headers: { 'user-agent': opts.userAgent, accept: 'application/json' }, signal });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`geocoder answered HTTP ${res.status}`);
  }
  const answer = SearchAnswerSchema.parse(JSON.parse(await readLimited(res, MAX_ANSWER_BYTES)));
  return answer
    .filter((a) => Math.abs(a.lat) <= 90 && Math.abs(a.lon) <= 180)
    .slice(0, STREET_RESULTS)
    .map((a) => ({
      name: a.display_name.slice(0, MAX_ADDRESS_CHARS),
      region: '',
      lat: a.lat,
      lon: a.lon,
      source: 'geocoder',
    }));
}

/**
 * Addresses for the console (spec 1 §7 "Geocode / refresh address"). The offline gazetteer
 * always answers; when an online geocoder is configured it is asked first, within a short
 * timeout and a request rate, and any failure falls back to the gazetteer.
 */
export function createGeocodeService(opts: GeocodeServiceOptions) {
  const limiter = opts.online ? createRateLimiter(opts.online.maxPerSecond, 1_000, opts.now) : null;

  return {
    async geocode(caller: User, req: GeocodeRequest): Promise<Omit<GeocodeResponse, 'status'>> {
      // A vehicle out of reach answers exactly like a missing one.
      if (req.vid !== undefined && !(await opts.repos.fleet.isVehicleVisible(viewerOf(caller), req.vid)))
        throw AppError.notFound('Vehicle not found');
      if (opts.online && limiter?.hit('geocoder')) {
        try {
          return { address: await reverseGeocode(opts.online, req.lat, req.lon), msg: 'geocoder' };
        } catch (err) {
          opts.onFallback(err);
        }
      }
      return { address: describePlace(req.lat, req.lon), msg: 'gazetteer' };
    },

    /**
     * Places for the map's search box: the gazetteer's towns, and first, when an online geocoder
     * is configured (and within its rate), its street answers; its failure leaves the towns.
     */
    async search(req: PlaceSearchRequest): Promise<PlaceResult[]> {
      let streets: PlaceResult[] = [];
      if (opts.online && limiter?.hit('geocoder')) {
        try {
          streets = await forwardGeocode(opts.online, req.q);
        } catch (err) {
          opts.onFallback(err);
        }
      }
      const towns = searchPlaces(req.q, PLACE_SEARCH_LIMIT - streets.length).map((p): PlaceResult => ({
        ...p,
        source: 'gazetteer',
      }));
      return [...streets, ...towns];
    },
  };
}
export type GeocodeService = ReturnType<typeof createGeocodeService>;
