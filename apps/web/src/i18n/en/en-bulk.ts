import { BULK_MAX_ROWS } from '@jejak/contract';

const count = (n: number) => n.toLocaleString('en');

/** English strings of the console's bulk screens (issue 11); spec texts come from @jejak/contract. */
export const enBulk = {
  title: { device: 'Bulk Add Device', vehicle: 'Bulk Create Vehicles', geofence: 'Bulk Add Geofences' },
  downloadTemplate: 'Download template',
  templateFailed: 'The template could not be downloaded',
  chooseFile: 'Choose .xlsx file',
  hint: `Fill in the template, then choose it here: .xlsx only, the first sheet is read, at most ${count(BULK_MAX_ROWS)} rows.`,
  /** Whose account the rows are added to: the signed-in user, named with their role. */
  target: (who: string) => `Rows are added to the account of ${who}`,
  reading: (name: string) => `Reading ${name}…`,
  loadingChecks: {
    device: 'Loading your devices to check the rows…',
    vehicle: 'Loading your devices and vehicles to check the rows…',
    geofence: 'Loading your geofences and geofence templates to check the rows…',
  },
  columns: { row: 'Row', status: 'Status', message: 'Message' },
  statuses: { READY: 'READY', LOADING: 'LOADING', SUCCESS: 'SUCCESS', WARNING: 'WARNING', FAILED: 'FAILED' },
  summary: (file: string, total: number, ready: number, failed: number) =>
    `${file}: ${count(total)} rows, ${count(ready)} ready, ${count(failed)} failed`,
  failedBlock: 'Fix the FAILED rows in the file and choose it again to upload.',
  progress: (done: number, total: number) => `${count(done)} of ${count(total)} rows uploaded`,
  finished: (ok: number, failed: number) =>
    failed ? `Upload finished: ${count(ok)} added, ${count(failed)} failed` : `Upload finished: ${count(ok)} added`,
  upload: 'Upload',
  cancel: 'Cancel',
  done: 'Done',
  /** Why a file is refused as a whole. */
  fileErrors: {
    notXlsxName: 'Only .xlsx files are accepted. Save the file as "Excel 2007-365 (.xlsx)" and choose it again.',
    fileTooLarge:
      'The file is larger than 10 MB. A bulk file of 5,000 rows is far smaller: check it is the right file.',
    notXlsx:
      'This file is not an .xlsx workbook (an .xls, .ods, .csv or damaged file?). Save it as "Excel 2007-365 (.xlsx)" and choose it again.',
    encrypted: 'This workbook is password-protected. Save it without a password and choose it again.',
    unpackedTooLarge: 'This file unpacks to far more data than a bulk sheet holds, so it was not opened.',
    corrupt: 'This workbook is damaged and cannot be read. Save it again from your spreadsheet program.',
    tooManyRows: `The sheet has more than ${count(BULK_MAX_ROWS)} rows. Split it into files of at most ${count(BULK_MAX_ROWS)} rows.`,
    readerFailed: 'The file could not be read. Save it again from your spreadsheet program.',
    cellTooLarge:
      'A cell of this sheet holds more than 32,767 characters, more than a spreadsheet cell can, so it was not opened. Check it is the right file.',
    dimensionTooLarge: `This sheet says it spans more than ${count(20 * BULK_MAX_ROWS)} rows, so it was not opened. Save it again from your spreadsheet program.`,
  },
  /** Why one cell fails its row. */
  cellErrors: {
    date: (ref: string) => `Cell ${ref} holds a date where text belongs: type it as text`,
    error: (ref: string, value: string) => `Cell ${ref} holds the error ${value}: type the value instead`,
    formula: (ref: string) =>
      `Cell ${ref} holds a formula with no saved result: save the file in your spreadsheet program, or type the value`,
  },
};
