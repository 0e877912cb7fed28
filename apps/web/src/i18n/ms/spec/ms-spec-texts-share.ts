import { SHARE_TEXTS } from '@jejak/contract';

/** Bahasa Malaysia of the share links' server texts (contract SHARE_TEXTS, ADR 0093). */
export const MS_SHARE_SPEC_TEXTS: Readonly<Record<string, string>> = {
  [SHARE_TEXTS.created]: 'Pautan dicipta: salin sekarang, ia tidak ditunjukkan lagi',
  [SHARE_TEXTS.revoked]: 'Pautan dibatalkan',
  [SHARE_TEXTS.tooMany]: 'Anda mempunyai 20 pautan aktif; batalkan satu sebelum mencipta yang lain',
  [SHARE_TEXTS.notFound]: 'Pautan tidak dijumpai',
  [SHARE_TEXTS.gone]: 'Pautan ini telah tamat tempoh atau dibatalkan',
  [SHARE_TEXTS.labelRequired]: 'Berikan label pautan (cth. pelanggan atau penghantaran)',
};
