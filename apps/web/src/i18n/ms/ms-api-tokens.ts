import type { Strings } from '../en.ts';

/** Token API Profil (isu 28, ADR 0087). */
export const msApiTokens: Strings['apiTokens'] = {
  title: 'Token API',
  intro:
    'Sistem lain memanggil API Jejak dengan token dalam pengepala Authorization: Bearer <token>, dengan akses anda kepada armada anda. Token tidak boleh membuka peta langsung, mencipta token atau menukar kata laluan anda.',
  create: 'Cipta token',
  none: 'Belum ada token API',
  name: 'Nama',
  namePlaceholder: 'cth. Eksport laporan malam',
  access: 'Akses',
  scopes: { read: 'Baca sahaja', full: 'Akses penuh' },
  scopeHelp: 'Token baca sahaja hanya boleh membaca; akses penuh juga boleh membuat perubahan, seperti anda.',
  expiresIn: 'Tamat dalam',
  days: (n: number) => `${n} hari`,
  created: 'Dicipta',
  expires: 'Tamat',
  lastUsed: 'Terakhir digunakan',
  never: 'Tidak pernah',
  expired: 'Tamat tempoh',
  revoke: 'Batalkan',
  revokeConfirm: 'Batalkan token ini? Sistem yang menggunakannya berhenti serta-merta.',
  cancel: 'Batal',
  newTitle: 'Cipta token API',
  shownOnce: 'Salin token ini sekarang. Ia ditunjukkan sekali ini sahaja: Jejak hanya menyimpan cap jarinya.',
  copy: 'Salin',
  copied: 'Disalin',
  done: 'Selesai',
};
