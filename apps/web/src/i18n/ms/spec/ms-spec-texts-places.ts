import { PLACE_SEARCH_TEXTS } from '@jejak/contract';

/** Bahasa Malaysia of the place search's validation messages (issue 26 item 8). */
export const MS_PLACE_SPEC_TEXTS: Readonly<Record<string, string>> = {
  [PLACE_SEARCH_TEXTS.queryShort]: 'Taip sekurang-kurangnya 2 aksara nama tempat',
  [PLACE_SEARCH_TEXTS.queryLong]: 'Carian tempat paling panjang 80 aksara',
  [PLACE_SEARCH_TEXTS.queryCharacters]: "Carian tempat boleh mengandungi huruf, digit, ruang dan . , ' - / ( ) & #",
};
