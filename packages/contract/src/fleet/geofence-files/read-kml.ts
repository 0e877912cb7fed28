import {
  COMMENT_KEYS,
  featureRow,
  GEOFENCE_FILE_HEADER,
  GEOFENCE_FILE_LIMITS,
  NAME_KEYS,
  propertyKey,
  propertyOf,
  RADIUS_KEYS,
  TEMPLATE_KEYS,
  type GeofenceFileLimits,
  type GeofenceFileResult,
  type ReadFeature,
} from './geofence-file.ts';

/*
 * KML (OGC 12-007r2) read with regular expressions: the dialog reads files in a Web Worker, which
 * has no DOMParser. The file must be well-formed XML (tags nest and close) with a <kml> root;
 * each <Placemark> is a row: a Point is a POI (radius from ExtendedData), a Polygon's outer
 * boundary a zone. Element names may carry a prefix (kml:Point).
 */

const P = '(?:[A-Za-z_][\\w.-]*:)?';
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  const cdata: string[] = [];
  const plain = raw.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, body: string) => {
    cdata.push(body);
    return `\u0000${cdata.length - 1}\u0000`;
  });
  return plain
    .replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
      if (!ref.startsWith('#')) return NAMED[ref] ?? whole;
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => cdata[Number(i)] ?? '');
}

/** The tags of a well-formed document, in order; null when they do not nest. */
function rootOf(xml: string): string | null | undefined {
  const stack: string[] = [];
  let root: string | undefined;
  const TOKEN =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|</;
  let last = 0;
  for (const m of xml.matchAll(new RegExp(TOKEN, 'g'))) {
    // Text between tags may not hold a stray '<'.
    if (xml.slice(last, m.index).includes('<')) return null;
    last = (m.index ?? 0) + m[0].length;
    if (m[0] === '<') return null;
    const name = m[2];
    if (!name) continue;
    if (m[1]) {
      if (stack.pop() !== name) return null;
    } else {
      if (stack.length === 0 && root !== undefined) return null;
      root ??= name;
      if (!m[4]) stack.push(name);
    }
  }
  if (xml.slice(last).includes('<') || stack.length > 0) return null;
  return root;
}

const element = (name: string) => new RegExp(`<${P}${name}\\b[^>]*?(?:/>|>([\\s\\S]*?)</${P}${name}\\s*>)`);
const has = (body: string, name: string) => new RegExp(`<${P}${name}[\\s>/]`).test(body);
const textOf = (body: string, name: string) => decode(element(name).exec(body)?.[1] ?? '').trim();

/** "lon,lat[,alt] lon,lat…" as [lat, lon] pairs, or null when one does not read. */
function coordinates(body: string): [number, number][] | null {
  const tuples = textOf(body, 'coordinates')
    .split(/\s+/)
    .filter((t) => t !== '');
  const out: [number, number][] = [];
  for (const t of tuples) {
    const parts = t.split(',');
    const [lon, lat] = parts.map(Number);
    if (parts.length < 2 || parts.length > 3 || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    out.push([lat as number, lon as number]);
  }
  return out.length > 0 ? out : null;
}

function extendedData(body: string): Map<string, string> {
  const out = new Map<string, string>();
  const data = new RegExp(`<${P}Data\\s[^>]*?name\\s*=\\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\\s\\S]*?)</${P}Data>`, 'g');
  for (const m of body.matchAll(data)) out.set(propertyKey(decode(m[1] ?? m[2] ?? '')), textOf(m[3] ?? '', 'value'));
  const simple = new RegExp(
    `<${P}SimpleData\\s[^>]*?name\\s*=\\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\\s\\S]*?)</${P}SimpleData>`,
    'g',
  );
  for (const m of body.matchAll(simple)) out.set(propertyKey(decode(m[1] ?? m[2] ?? '')), decode(m[3] ?? '').trim());
  return out;
}

/** A description's text without its HTML. */
const plainText = (html: string) =>
  decode(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

const OTHER_GEOMETRIES = ['MultiGeometry', 'LineString', 'LinearRing', 'Model', 'Track', 'MultiTrack'];

function placemark(body: string): ReadFeature {
  const data = extendedData(body);
  // The placemark's own <name>, not one inside its ExtendedData or style.
  const own = body.replace(new RegExp(`<${P}(ExtendedData|Style|StyleMap)\\b[\\s\\S]*?</${P}\\1>`, 'g'), '');
  const f: ReadFeature = {
    name: textOf(own, 'name') || propertyOf(data, NAME_KEYS),
    comment: propertyOf(data, COMMENT_KEYS) || plainText(textOf(own, 'description')),
    templates: propertyOf(data, TEMPLATE_KEYS),
    radius: propertyOf(data, RADIUS_KEYS),
    shape: null,
    problem: null,
  };
  const other = OTHER_GEOMETRIES.find((g) => has(own, g) && !(g === 'LinearRing' && has(own, 'Polygon')));
  if (other) return { ...f, problem: { code: 'geometry', geometry: other } };
  if (has(own, 'Polygon')) {
    const polygon = element('Polygon').exec(own)?.[1] ?? '';
    if (has(polygon, 'innerBoundaryIs')) return { ...f, problem: { code: 'holes' } };
    const ring = coordinates(element('outerBoundaryIs').exec(polygon)?.[1] ?? '');
    return ring ? { ...f, shape: { kind: 'polygon', ring } } : { ...f, problem: { code: 'coordinates' } };
  }
  if (has(own, 'Point')) {
    const at = coordinates(element('Point').exec(own)?.[1] ?? '');
    return at?.length === 1 && at[0]
      ? { ...f, shape: { kind: 'point', at: at[0] } }
      : { ...f, problem: { code: 'coordinates' } };
  }
  return { ...f, problem: { code: 'noGeometry' } };
}

/** A KML document's placemarks as geofence template rows. */
export function readKml(xml: string, limits: GeofenceFileLimits = GEOFENCE_FILE_LIMITS): GeofenceFileResult {
  if (xml.length > limits.chars) return { ok: false, error: 'fileTooLarge' };
  const doc = xml.replace(/^\uFEFF/, '').trim();
  if (!doc.startsWith('<')) return { ok: false, error: 'notXml' };
  const root = rootOf(doc);
  if (root === null || root === undefined) return { ok: false, error: 'notXml' };
  if (root.replace(/^.*:/, '') !== 'kml') return { ok: false, error: 'notKml' };
  const bodies = [
    ...doc
      .replace(/<!--[\s\S]*?-->/g, '')
      .matchAll(new RegExp(`<${P}Placemark\\b[^>]*>([\\s\\S]*?)</${P}Placemark>`, 'g')),
  ];
  if (bodies.length > limits.features) return { ok: false, error: 'tooManyFeatures' };
  return {
    ok: true,
    header: [...GEOFENCE_FILE_HEADER],
    rows: bodies.map((m, i) => featureRow(i + 1, placemark(m[1] ?? ''))),
  };
}
