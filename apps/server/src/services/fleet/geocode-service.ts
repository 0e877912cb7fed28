import { z } from 'zod';
import type { GeocodeRequest, GeocodeResponse } from '@jejak/contract';
import { describePlace, type User } from '@jejak/domain';
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
  };
}
export type GeocodeService = ReturnType<typeof createGeocodeService>;
