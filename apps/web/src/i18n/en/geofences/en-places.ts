/** English strings of the map's place search (issue 26 item 8). */
export const enPlaces = {
  placeholder: 'Search a place',
  label: 'Search a place on the map',
  searching: 'Searching…',
  noPlace: 'No place found',
  tooShort: 'Type at least 2 characters',
  badCharacters: "Letters, digits, spaces and . , ' - / ( ) & # only",
  failed: 'The search failed. Try again.',
  street: 'Street',
};
