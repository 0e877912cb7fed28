import { COMMAND_TEXTS } from '@jejak/contract';

/** Bahasa Malaysia of the commands' server texts (contract COMMAND_TEXTS, ADR 0090). */
export const MS_COMMAND_SPEC_TEXTS: Readonly<Record<string, string>> = {
  [COMMAND_TEXTS.queued]: 'Arahan menunggu: ia dihantar apabila penjejak dalam talian',
  [COMMAND_TEXTS.sent]: 'Arahan dihantar',
  [COMMAND_TEXTS.sentBySms]: 'Penjejak di luar talian: arahan dihantar melalui SMS',
  [COMMAND_TEXTS.smsFailed]: 'SMS tidak dapat dihantar:',
  [COMMAND_TEXTS.reasonRequired]: 'Berikan sebab untuk menghentikan enjin',
  [COMMAND_TEXTS.secondsInvalid]: 'Sela mestilah 10 hingga 86400 saat',
  [COMMAND_TEXTS.textRequired]: 'Masukkan teks arahan',
  [COMMAND_TEXTS.tooFast]:
    'Kenderaan bergerak lebih laju daripada 20 km/j: tandakan "Hentikan juga" untuk menghantarnya',
  [COMMAND_TEXTS.typeNotSupported]: 'Penjejak kenderaan ini tidak menerima arahan ini',
  [COMMAND_TEXTS.noTracker]: 'Kenderaan ini tiada penjejak',
  [COMMAND_TEXTS.expiredAfter]: 'Tidak dihantar: penjejak kekal di luar talian',
};
