/**
 * A round map marker in `colour` with a white rim and a white sign (a letter or two) in it, as
 * pixels for `map.addImage`: the offline style has no glyphs, so signs are drawn, not labelled.
 * Null where the browser gives no 2D canvas.
 */
export function signIcon(colour: string, sign: string, px: number): ImageData | null {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = px;
  const g = canvas.getContext('2d');
  if (!g) return null;
  const r = px / 2;
  g.beginPath();
  g.arc(r, r, r - 3, 0, 2 * Math.PI);
  g.fillStyle = colour;
  g.fill();
  g.lineWidth = 4;
  g.strokeStyle = '#ffffff';
  g.stroke();
  g.fillStyle = '#ffffff';
  g.font = `bold ${Math.round(px * 0.55)}px sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(sign, r, r + 1);
  return g.getImageData(0, 0, px, px);
}
