import { createReadStream, openSync, readSync, closeSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { API_BASE, MAP_PMTILES_PATH } from '@jejak/contract';
import type { FastifyInstance } from 'fastify';
import { byteRange } from './byte-range.ts';

/** The operator's PMTiles archive (JEJAK_MAP_PMTILES, ADR 0075). */
export interface MapArchive {
  path: string;
  /** The highest zoom the archive holds tiles for (its header's max zoom). */
  maxzoom: number;
}

const HEADER_BYTES = 127;
const MAX_ZOOM_AT = 101;

/**
 * Reads the archive's header once at start: a file that is not a PMTiles v3 archive stops the
 * server with a message naming the setting, rather than a console map that stays empty.
 */
export function openMapArchive(path: string): MapArchive {
  const problem = `JEJAK_MAP_PMTILES: ${path} is not a PMTiles v3 archive`;
  let header: Buffer;
  try {
    if (!statSync(path).isFile()) throw new Error(problem);
    const fd = openSync(path, 'r');
    try {
      header = Buffer.alloc(HEADER_BYTES);
      const read = readSync(fd, header, 0, HEADER_BYTES, 0);
      if (read < HEADER_BYTES) throw new Error(problem);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new Error(`${problem} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (header.toString('ascii', 0, 7) !== 'PMTiles' || header.readUInt8(7) !== 3) throw new Error(problem);
  return { path, maxzoom: header.readUInt8(MAX_ZOOM_AT) };
}

/**
 * GET (and HEAD) of the archive at one fixed address, with byte ranges: the console's PMTiles
 * reader asks for the header, the directories and each tile by range. A range answers 206 with
 * Content-Range; a bad or unsatisfiable one 416. The ETag (size and modification time) changes
 * when the operator replaces the file, which tells the reader to start over; If-Range with an
 * old ETag gets the whole new file.
 */
export function registerMapArchive(app: FastifyInstance, archive: MapArchive): void {
  app.get(`${API_BASE}${MAP_PMTILES_PATH}`, async (request, reply) => {
    const file = await stat(archive.path);
    const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    const ifRange = request.headers['if-range'];
    const range = ifRange !== undefined && ifRange !== etag ? undefined : request.headers.range;
    const asked = byteRange(range, file.size);
    void reply
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      // Public map data: a browser may keep it, and asks again whether it changed.
      .header('cache-control', 'no-cache')
      .type('application/vnd.pmtiles');
    if (asked.kind === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    }
    if (asked.kind === 'full') {
      return reply.header('content-length', file.size).send(createReadStream(archive.path));
    }
    const { start, end } = asked;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', end - start + 1)
      .send(createReadStream(archive.path, { start, end }));
  });
}
