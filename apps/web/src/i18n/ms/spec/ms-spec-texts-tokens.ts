import { API_TOKEN_TEXTS } from '@jejak/contract';

/** Bahasa Malaysia of the API tokens' texts (contract API_TOKEN_TEXTS, ADR 0087). */
export const MS_TOKEN_SPEC_TEXTS: Readonly<Record<string, string>> = {
  [API_TOKEN_TEXTS.created]: 'Token API dicipta',
  [API_TOKEN_TEXTS.revoked]: 'Token API dibatalkan',
  [API_TOKEN_TEXTS.tooMany]: 'Anda mempunyai 20 token API; batalkan satu sebelum mencipta yang lain',
  [API_TOKEN_TEXTS.notFound]: 'Token API tidak dijumpai',
  [API_TOKEN_TEXTS.invalid]: 'Token API ini tidak dikenali, telah tamat tempoh atau dibatalkan',
  [API_TOKEN_TEXTS.readOnly]: 'Token API ini baca sahaja: ia tidak boleh membuat perubahan. Gunakan token akses penuh',
  [API_TOKEN_TEXTS.sessionOnly]:
    'Token API tidak boleh mengurus token API atau menukar kata laluan. Log masuk ke konsol sebagai gantinya',
  [API_TOKEN_TEXTS.tooManyCalls]: 'Terlalu banyak panggilan dengan token API ini, sila tunggu seminit dan cuba lagi',
};
