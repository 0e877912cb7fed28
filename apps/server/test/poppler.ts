import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/* Reads a PDF the way a user's viewer would, with poppler (poppler-utils): its text and its pictures. */

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, use: (dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'jejak-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    await writeFile(file, pdf);
    return await use(dir, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdftotext -layout: each page's text laid out as printed, pages split by form feeds. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (_, file) => (await run('pdftotext', ['-layout', file, '-'])).stdout);
}

export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const info = await withFile(pdf, async (_, file) => (await run('pdfinfo', [file])).stdout);
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row by row. */
  rgb: Buffer;
  dpi: number;
}

/** The first page rendered by pdftoppm as a plain PPM (P6), which needs no decoder to read. */
export function renderFirstPage(pdf: Buffer, dpi = 50): Promise<Raster> {
  return withFile(pdf, async (dir, file) => {
    await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    const ppm = await readFile(join(dir, 'page.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a P6 image');
    const [all, width, height] = header;
    return { width: Number(width), height: Number(height), rgb: ppm.subarray(all.length), dpi };
  });
}

/** Pixels inside a rectangle given in PDF points that pass a colour test. */
export function countPixels(
  img: Raster,
  box: { x: number; y: number; width: number; height: number },
  test: (r: number, g: number, b: number) => boolean,
): number {
  const k = img.dpi / 72;
  let n = 0;
  for (let y = Math.ceil(box.y * k); y < Math.floor((box.y + box.height) * k) && y < img.height; y++)
    for (let x = Math.ceil(box.x * k); x < Math.floor((box.x + box.width) * k) && x < img.width; x++) {
      const i = (y * img.width + x) * 3;
      if (test(img.rgb[i] ?? 0, img.rgb[i + 1] ?? 0, img.rgb[i + 2] ?? 0)) n++;
    }
  return n;
}
