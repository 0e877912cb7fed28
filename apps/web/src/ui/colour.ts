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

/** WCAG 2 relative luminance of a '#RRGGBB' colour (0 black to 1 white). */
function luminance(colour: string): number {
  const hex = colour.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white text for a '#RRGGBB' background where the spec fixes no rule: whichever has
 * the higher WCAG contrast (so a label on a status colour passes the accessibility check).
 */
export function contrastTextOn(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
