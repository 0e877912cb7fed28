/**
 * The console's files compressed at build time (ADR 0078): a .br (Brotli, quality 11) and a .gz
 * (gzip, level 9) beside every compressible file of the build, so the server sends the smallest
 * form the browser accepts (@fastify/static preCompressed) and never compresses per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text and WebAssembly: the rest (images, fonts, archives) is compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map)$/;

export interface Compressed {
  file: string;
  bytes: number;
  br: number | null;
  gz: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes `file.br` and `file.gz`, each only when it is smaller than the file (a tiny file gains nothing). */
export async function compressFile(file: string): Promise<Compressed> {
  const bytes = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: file.endsWith('.wasm')
          ? constants.BROTLI_MODE_GENERIC
          : constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(bytes, { level: 9 }),
  ]);
  const keep = async (suffix: string, data: Buffer) => {
    if (data.length >= bytes.length) return null;
    await writeFile(file + suffix, data);
    return data.length;
  };
  return { file, bytes: bytes.length, br: await keep('.br', br), gz: await keep('.gz', gzipped) };
}

/** Compresses every compressible file under `dir` (the build's output). */
export async function precompressDir(dir: string): Promise<Compressed[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  return Promise.all(files.map(compressFile));
}

/** The Vite plugin: after the build is written, its files are compressed beside it. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'jejak-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
