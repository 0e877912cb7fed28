import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEVICE_INSPECTOR_COLUMNS, type DeviceLog } from '@jejak/contract';
import { detailLogStream } from './detail-xlsx.ts';

const T0 = Date.UTC(2026, 2, 1, 16);
const log = (i: number): DeviceLog => ({
  dvid: 'GPS100#1',
  deviceTime: T0 + i * 1000,
  createdAt: T0 + i * 1000 + 500,
  packageTime: null,
  devicePackage: 'gps#latest',
  location: { lat: 3 + i / 1e6, lon: 101.5 },
  speed: i % 120,
  altitude: null,
  heading: 90,
  fuel: null,
  deviceMessage: null,
  gpsStatus: true,
  engineStatus: true,
  isAlive: true,
  attributes: null,
});
const PAGE = 5_000;

describe('detailLogStream', () => {
  it('sends bytes before the last page is read, and every row arrives in order', async () => {
    let firstBytes: () => void = () => undefined;
    const sawBytes = new Promise<void>((resolve) => (firstBytes = resolve));
    const reads: string[] = [];
    async function* pages() {
      for (let p = 0; p < 4; p++) {
        // The last page is only read once the reader has bytes: a writer that held the whole
        // file back would never get here, and the test would time out.
        if (p === 3) await sawBytes;
        reads.push(`page ${p}`);
        yield Array.from({ length: PAGE }, (_, i) => log(p * PAGE + i));
      }
    }
    const chunks: Buffer[] = [];
    const stream = detailLogStream(pages(), 'Asia/Kuala_Lumpur');
    stream.on('data', (chunk: Buffer) => {
      if (chunks.length === 0) reads.push('bytes');
      chunks.push(chunk);
      firstBytes();
    });
    await new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
    expect(reads.indexOf('bytes')).toBeLessThan(reads.indexOf('page 3'));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4 * PAGE + 1);
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(DEVICE_INSPECTOR_COLUMNS.map((c) => c.label));
    expect((sheet?.getRow(2).values as unknown[]).slice(1, 4)).toEqual([
      '2026-03-02 00:00:00',
      '2026-03-02 00:00:00',
      'gps#latest',
    ]);
    expect(sheet?.getRow(4 * PAGE + 1).getCell(2).value).toBe('2026-03-02 05:33:19');
    const location = sheet?.getRow(2).getCell(7).value as { text: string; hyperlink: string };
    expect(location).toEqual({ text: '3.000000, 101.500000', hyperlink: 'https://www.google.com/maps?q=3,101.5' });
  }, 60_000);

  it('ends the stream with the error of a failed page', async () => {
    async function* pages(): AsyncGenerator<DeviceLog[]> {
      yield [log(0)];
      throw new Error('the database went away');
    }
    const stream = detailLogStream(pages(), 'Asia/Kuala_Lumpur');
    stream.resume();
    await expect(new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject))).rejects.toThrow(
      'the database went away',
    );
  });
});
