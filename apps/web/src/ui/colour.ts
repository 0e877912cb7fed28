/** Brightness threshold of spec 1 §9: text on a coloured background is black above it, else white. */
const BRIGHTNESS_THRESHOLD = 125;

/** Black or white text for a '#RRGGBB' background (perceived brightness, 0–255). */
export function textColourOn(background: string): '#000000' | '#ffffff' {
  const hex = background.replace('#', '');
  const r = Number.parseInt(hex.slice(0, 2), 16);
  const g = Number.parseInt(hex.slice(2, 4), 16);
  const b = Number.parseInt(hex.slice(4, 6), 16);
  const brightness = (r * 299 + g * 587 + b * 114) / 1000;
  return brightness > BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}
