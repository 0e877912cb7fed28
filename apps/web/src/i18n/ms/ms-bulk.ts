import { BULK_MAX_ROWS } from '@jejak/contract';
import type { Strings } from '../en.ts';

const count = (n: number) => n.toLocaleString('ms-MY');

/** Bahasa Malaysia of en-bulk.ts. */
export const msBulk: Strings['bulk'] = {
  title: { device: 'Tambah Peranti Pukal', vehicle: 'Cipta Kenderaan Pukal', geofence: 'Tambah Geopagar Pukal' },
  downloadTemplate: 'Muat turun templat',
  templateFailed: 'Templat tidak dapat dimuat turun',
  chooseFile: 'Pilih fail .xlsx',
  hint: `Isi templat, kemudian pilihnya di sini: .xlsx sahaja, helaian pertama dibaca, paling banyak ${count(BULK_MAX_ROWS)} baris.`,
  target: (who: string) => `Baris ditambah ke akaun ${who}`,
  reading: (name: string) => `Membaca ${name}…`,
  loadingChecks: {
    device: 'Memuatkan peranti anda untuk menyemak baris…',
    vehicle: 'Memuatkan peranti dan kenderaan anda untuk menyemak baris…',
    geofence: 'Memuatkan geopagar dan templat geopagar anda untuk menyemak baris…',
  },
  columns: { row: 'Baris', status: 'Status', message: 'Mesej' },
  statuses: { READY: 'SEDIA', LOADING: 'MEMUATKAN', SUCCESS: 'BERJAYA', WARNING: 'AMARAN', FAILED: 'GAGAL' },
  summary: (file: string, total: number, ready: number, failed: number) =>
    `${file}: ${count(total)} baris, ${count(ready)} sedia, ${count(failed)} gagal`,
  failedBlock: 'Betulkan baris GAGAL dalam fail dan pilih semula untuk dimuat naik.',
  progress: (done: number, total: number) => `${count(done)} daripada ${count(total)} baris dimuat naik`,
  finished: (ok: number, failed: number) =>
    failed
      ? `Muat naik selesai: ${count(ok)} ditambah, ${count(failed)} gagal`
      : `Muat naik selesai: ${count(ok)} ditambah`,
  upload: 'Muat naik',
  cancel: 'Batal',
  done: 'Selesai',
  fileErrors: {
    notXlsxName: 'Hanya fail .xlsx diterima. Simpan fail sebagai "Excel 2007-365 (.xlsx)" dan pilih semula.',
    fileTooLarge: 'Fail ini melebihi 10 MB. Fail pukal 5,000 baris jauh lebih kecil: pastikan ini fail yang betul.',
    notXlsx:
      'Fail ini bukan buku kerja .xlsx (fail .xls, .ods, .csv atau rosak?). Simpan sebagai "Excel 2007-365 (.xlsx)" dan pilih semula.',
    encrypted: 'Buku kerja ini dilindungi kata laluan. Simpan tanpa kata laluan dan pilih semula.',
    unpackedTooLarge: 'Fail ini mengandungi data yang jauh lebih banyak daripada helaian pukal, jadi ia tidak dibuka.',
    corrupt: 'Buku kerja ini rosak dan tidak dapat dibaca. Simpan semula daripada program hamparan anda.',
    tooManyRows: `Helaian ini melebihi ${count(BULK_MAX_ROWS)} baris. Pecahkan kepada fail yang paling banyak ${count(BULK_MAX_ROWS)} baris.`,
    readerFailed: 'Fail tidak dapat dibaca. Simpan semula daripada program hamparan anda.',
    cellTooLarge:
      'Satu sel helaian ini mengandungi lebih daripada 32,767 aksara, melebihi had sel hamparan, jadi ia tidak dibuka. Pastikan ini fail yang betul.',
    dimensionTooLarge: `Helaian ini menyatakan ia merangkumi lebih daripada ${count(20 * BULK_MAX_ROWS)} baris, jadi ia tidak dibuka. Simpan semula daripada program hamparan anda.`,
  },
  cellErrors: {
    date: (ref: string) => `Sel ${ref} mengandungi tarikh di tempat teks: taipkannya sebagai teks`,
    error: (ref: string, value: string) => `Sel ${ref} mengandungi ralat ${value}: taipkan nilainya`,
    formula: (ref: string) =>
      `Sel ${ref} mengandungi formula tanpa hasil tersimpan: simpan fail dalam program hamparan anda, atau taipkan nilainya`,
  },
};
