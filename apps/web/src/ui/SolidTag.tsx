import { Tag, type TagProps } from 'antd';
import { contrastTextOn } from './colour.ts';

/**
 * antd's preset colours as '#RRGGBB'. The presets' own look (pale fill, mid-tone text of the same
 * hue) falls below WCAG's 4.5:1 for gold, green, cyan and orange (issue 26 item 6).
 */
export const SOLID_TAG_COLOURS = {
  blue: '#1677ff',
  green: '#52c41a',
  gold: '#faad14',
  orange: '#fa8c16',
  red: '#f5222d',
  cyan: '#13c2c2',
} as const;
export type SolidTagColour = keyof typeof SOLID_TAG_COLOURS;

/**
 * A status tag: antd tints its fill with the colour; the text is black or white, whichever
 * contrasts more with the colour itself (contrastTextOn) — black for all of these, which also
 * reads on the paler tint (checked by e2e/accessibility.spec.ts in both schemes).
 */
export function SolidTag({
  colour,
  testId,
  ...rest
}: Omit<TagProps, 'color'> & { colour: SolidTagColour | null; testId?: string }) {
  // The rest (a Tooltip's handlers and ref among them) goes on to the tag.
  if (colour === null) return <Tag {...rest} data-testid={testId} />;
  const background = SOLID_TAG_COLOURS[colour];
  return <Tag {...rest} color={background} style={{ color: contrastTextOn(background) }} data-testid={testId} />;
}
