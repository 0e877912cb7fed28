import type { Strings } from '../../en.ts';

/** Bahasa Malaysia of en-places.ts. */
export const msPlaces: Strings['places'] = {
  placeholder: 'Cari tempat',
  label: 'Cari tempat di peta',
  searching: 'Mencari…',
  noPlace: 'Tiada tempat ditemui',
  tooShort: 'Taip sekurang-kurangnya 2 aksara',
  badCharacters: "Huruf, digit, ruang dan . , ' - / ( ) & # sahaja",
  failed: 'Carian gagal. Cuba lagi.',
  street: 'Jalan',
};
