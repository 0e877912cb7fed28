import { MAINTENANCE_TEXTS, SERVICE_ITEM_LABELS } from '@jejak/contract';

/** Bahasa Malaysia of the maintenance reminders' server texts (contract MAINTENANCE_TEXTS, ADR 0092). */
export const MS_MAINTENANCE_SPEC_TEXTS: Readonly<Record<string, string>> = {
  [MAINTENANCE_TEXTS.done]: 'Servis direkodkan',
  [MAINTENANCE_TEXTS.notDue]: 'Kenderaan ini tiada tarikh akhir bagi servis ini',
  [MAINTENANCE_TEXTS.mailSubject]: 'Jejak: servis perlu dibuat untuk {plate}',
  [MAINTENANCE_TEXTS.mailOverdue]: '{item} bagi {plate} ({name}) telah lewat.',
  [MAINTENANCE_TEXTS.mailDueSoon]: '{item} bagi {plate} ({name}) hampir tiba.',
  [MAINTENANCE_TEXTS.mailLeft]: 'Perlu dibuat pada {due}; kini {now}.',
  [MAINTENANCE_TEXTS.mailFooter]:
    'Tandakan selesai di Pengurusan → Penyelenggaraan setelah diservis: servis seterusnya kemudian perlu dibuat mengikut selangnya.',
  [SERVICE_ITEM_LABELS.engine]: 'Servis enjin',
  [SERVICE_ITEM_LABELS.transmission]: 'Servis transmisi',
  [SERVICE_ITEM_LABELS.rearAxle]: 'Servis gandar belakang',
  [SERVICE_ITEM_LABELS.service]: 'Servis am',
};
