import { gzipSync } from 'node:zlib';

/*
 * A small PMTiles v3 writer (the archive layout of the PMTiles v3 specification): one header,
 * one root directory (no leaf directories), the metadata JSON and the tiles, in tile-id order.
 * Enough for the test archives the map tests generate; an operator's archive comes from the
 * pmtiles CLI (docs/offline-map.md).
 */

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes, uncompressed (a Mapbox Vector Tile). */
  data: Uint8Array;
}

export interface ArchiveOptions {
  tiles: readonly ArchiveTile[];
  metadata: Record<string, unknown>;
  /** West, south, east, north in degrees. */
  bounds: readonly [number, number, number, number];
  center: readonly [number, number, number];
}

const HEADER_BYTES = 127;
const COMPRESSION_NONE = 1;
const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;

/** The tile's position on the Hilbert curve of its zoom, after every tile of the lower zooms. */
export function tileId(z: number, x: number, y: number): number {
  let base = 0;
  for (let level = 0; level < z; level++) base += 4 ** level;
  const n = 2 ** z;
  let d = 0;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = n - 1 - tx;
        ty = n - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return base + d;
}

function varint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  id: number;
  offset: number;
  length: number;
}

/** The directory: ids as deltas, run lengths (1), lengths, offsets (0 when contiguous, else offset + 1). */
function directory(entries: readonly Entry[]): Uint8Array {
  const out: number[] = [];
  varint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    varint(out, e.id - last);
    last = e.id;
  }
  for (let i = 0; i < entries.length; i++) varint(out, 1);
  for (const e of entries) varint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    varint(out, prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return Uint8Array.from(out);
}

/** The archive's bytes: tiles gzipped, directory and metadata uncompressed. */
export function writeArchive(options: ArchiveOptions): Buffer {
  const sorted = options.tiles
    .map((t) => ({ id: tileId(t.z, t.x, t.y), z: t.z, data: gzipSync(t.data) }))
    .sort((a, b) => a.id - b.id);
  const entries: Entry[] = [];
  let offset = 0;
  for (const t of sorted) {
    entries.push({ id: t.id, offset, length: t.data.length });
    offset += t.data.length;
  }
  const root = directory(entries);
  const metadata = Buffer.from(JSON.stringify(options.metadata), 'utf8');
  const tileData = Buffer.concat(sorted.map((t) => t.data));
  const zooms = sorted.map((t) => t.z);

  const h = Buffer.alloc(HEADER_BYTES);
  h.write('PMTiles', 0, 'ascii');
  h.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const u64 = (value: number, at: number) => h.writeBigUInt64LE(BigInt(value), at);
  u64(rootOffset, 8);
  u64(root.length, 16);
  u64(metadataOffset, 24);
  u64(metadata.length, 32);
  u64(dataOffset + tileData.length, 40); // no leaf directories
  u64(0, 48);
  u64(dataOffset, 56);
  u64(tileData.length, 64);
  u64(entries.length, 72);
  u64(entries.length, 80);
  u64(entries.length, 88);
  h.writeUInt8(1, 96); // clustered: tiles in id order
  h.writeUInt8(COMPRESSION_NONE, 97);
  h.writeUInt8(COMPRESSION_GZIP, 98);
  h.writeUInt8(TILE_TYPE_MVT, 99);
  h.writeUInt8(Math.min(...zooms), 100);
  h.writeUInt8(Math.max(...zooms), 101);
  const e7 = (deg: number) => Math.round(deg * 1e7);
  const [west, south, east, north] = options.bounds;
  h.writeInt32LE(e7(west), 102);
  h.writeInt32LE(e7(south), 106);
  h.writeInt32LE(e7(east), 110);
  h.writeInt32LE(e7(north), 114);
  h.writeUInt8(options.center[2], 118);
  h.writeInt32LE(e7(options.center[0]), 119);
  h.writeInt32LE(e7(options.center[1]), 123);
  return Buffer.concat([h, root, metadata, tileData]);
}
