import { BORDER_PLACES, MY_PLACES } from './describe-place.ts';
import type { PlaceRow } from './place-index.ts';

/** One place a search found: its name, its state (or country across the border), and its point. */
export interface PlaceMatch {
  name: string;
  region: string;
  lat: number;
  lon: number;
}

/** Lower case, accents dropped, runs of spaces and punctuation as one space: "Kota  Bharu" → "kota bharu". */
export function foldPlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How well a folded name answers a folded query: 0 the name itself, 1 its start, 2 a word's start, 3 inside; null none. */
function rank(name: string, query: string): number | null {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.includes(` ${query}`)) return 2;
  return name.includes(query) ? 3 : null;
}

interface Indexed {
  row: PlaceRow;
  folded: string;
  label: string;
  malaysian: boolean;
}

let indexed: Indexed[] | null = null;

function index(): Indexed[] {
  indexed ??= [
    ...MY_PLACES.map((row) => ({ row, malaysian: true })),
    ...BORDER_PLACES.map((row) => ({ row, malaysian: false })),
  ].map(({ row, malaysian }) => ({ row, malaysian, folded: foldPlaceText(row[0]), label: foldPlaceText(row[3]) }));
  return indexed;
}

/**
 * The bundled gazetteer's places whose name (or "name region": "bharu kelantan") matches the
 * query, best first: the name itself, then names it begins, then a word it begins, then names
 * holding it; Malaysian towns before those across the border, then the shorter name, then A–Z.
 */
export function searchPlaces(query: string, limit: number): PlaceMatch[] {
  const q = foldPlaceText(query);
  if (q === '' || limit <= 0) return [];
  const hits: { at: Indexed; rank: number }[] = [];
  for (const at of index()) {
    const r = rank(at.folded, q) ?? rank(`${at.folded} ${at.label}`, q);
    if (r !== null) hits.push({ at, rank: r });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(b.at.malaysian) - Number(a.at.malaysian) ||
      a.at.folded.length - b.at.folded.length ||
      a.at.folded.localeCompare(b.at.folded),
  );
  return hits.slice(0, limit).map(({ at: { row } }) => ({ name: row[0], region: row[3], lat: row[2], lon: row[1] }));
}
