import type { Map as MapLibreMap, MapStyleImageMissingEvent } from 'maplibre-gl';
import { isMapRemoved } from '../map-context.ts';

export const TEXT_IMAGE_PIXEL_RATIO = 2;
const PIXEL_RATIO = TEXT_IMAGE_PIXEL_RATIO;

let scratch: CanvasRenderingContext2D | null | undefined;
/**
 * One canvas for every text image, sized afresh for each (which clears it and its state): the
 * offline map draws its 731 town names at once, and a canvas each was 731 canvases to collect.
 */
function scratchContext(): CanvasRenderingContext2D | null {
  if (scratch === undefined) scratch = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  return scratch;
}

const LABEL_INKS = {
  light: { halo: 'rgba(255, 255, 255, 0.9)', text: '#1f1f1f' },
  dark: { halo: 'rgba(21, 24, 29, 0.9)', text: '#e6e9ed' },
} as const;

/**
 * A map label as pixels: dark text with a white halo, readable over any basemap; on the dark
 * offline map, light text with a dark halo.
 */
function labelImage(text: string, ink: keyof typeof LABEL_INKS = 'light'): ImageData | null {
  const g = scratchContext();
  if (!g) return null;
  const font = `600 ${12 * PIXEL_RATIO}px sans-serif`;
  g.font = font;
  const width = Math.ceil(g.measureText(text).width) + 8 * PIXEL_RATIO;
  const height = 18 * PIXEL_RATIO;
  g.canvas.width = width;
  g.canvas.height = height;
  g.font = font;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.lineJoin = 'round';
  g.lineWidth = 4 * PIXEL_RATIO;
  g.strokeStyle = LABEL_INKS[ink].halo;
  g.strokeText(text, width / 2, height / 2);
  g.fillStyle = LABEL_INKS[ink].text;
  g.fillText(text, width / 2, height / 2);
  return g.getImageData(0, 0, width, height);
}

/** A cluster's count: white digits on a dark disc. */
function countImage(text: string): ImageData | null {
  const px = 28 * PIXEL_RATIO;
  const g = scratchContext();
  if (!g) return null;
  g.canvas.width = g.canvas.height = px;
  g.fillStyle = '#ffffff';
  g.font = `bold ${12 * PIXEL_RATIO}px sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, px / 2, px / 2 + PIXEL_RATIO);
  return g.getImageData(0, 0, px, px);
}

/** Icon ids a symbol layer names with `['concat', LABEL_IMAGE, ['get', 'name']]`. */
export const LABEL_IMAGE = 'text-label:';
export const LABEL_IMAGE_DARK = 'text-label-dark:';
export const COUNT_IMAGE = 'text-count:';

/** The image an id names (a LABEL_IMAGE, LABEL_IMAGE_DARK or COUNT_IMAGE id), null for another id. */
export function textImage(id: string): ImageData | null {
  if (id.startsWith(LABEL_IMAGE)) return labelImage(id.slice(LABEL_IMAGE.length));
  if (id.startsWith(LABEL_IMAGE_DARK)) return labelImage(id.slice(LABEL_IMAGE_DARK.length), 'dark');
  if (id.startsWith(COUNT_IMAGE)) return countImage(id.slice(COUNT_IMAGE.length));
  return null;
}

/**
 * The street style may have glyphs, the offline one has none: names and counts are drawn as
 * images instead, each the first time a symbol layer asks for it (`styleimagemissing`).
 * Returns the clean-up.
 */
export function drawTextImages(map: MapLibreMap): () => void {
  const onMissing = (event: MapStyleImageMissingEvent) => {
    const { id } = event;
    const image = textImage(id);
    if (image && !map.hasImage(id)) map.addImage(id, image, { pixelRatio: PIXEL_RATIO });
  };
  map.on('styleimagemissing', onMissing);
  return () => {
    if (!isMapRemoved(map)) map.off('styleimagemissing', onMissing);
  };
}
