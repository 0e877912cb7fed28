import { WEBHOOK_TEXTS } from '@jejak/contract';

/** Bahasa Malaysia of the webhooks' texts (contract WEBHOOK_TEXTS, ADR 0089). */
export const MS_WEBHOOK_SPEC_TEXTS: Readonly<Record<string, string>> = {
  [WEBHOOK_TEXTS.webhookAdded]: 'Webhook ditambah. Salin rahsianya sekarang: ia tidak akan ditunjukkan lagi.',
  [WEBHOOK_TEXTS.webhookDeleted]: 'Webhook dipadam',
  [WEBHOOK_TEXTS.webhookResumed]: 'Webhook disambung semula',
  [WEBHOOK_TEXTS.urlInvalid]: 'Alamat mestilah URL https://',
  [WEBHOOK_TEXTS.notFound]: 'Webhook tidak dijumpai',
  [WEBHOOK_TEXTS.tooMany]: 'Anda boleh mempunyai paling banyak {n} webhook',
  [WEBHOOK_TEXTS.pausedSubject]: 'Jejak: satu webhook dijeda',
  [WEBHOOK_TEXTS.pausedText]:
    'Penghantaran ke {url} gagal {count} kali berturut-turut, jadi ia dijeda. Sambung semula di konsol apabila ia menjawab semula.',
};
