import { describe, expect, it } from 'vitest';
import { textColourOn } from './colour.ts';

describe('textColourOn', () => {
  it.each([
    ['#52C41A', '#000000'],
    ['#FFB517', '#000000'],
    ['#0488DB', '#ffffff'],
    ['#333333', '#ffffff'],
    ['#FFFFFF', '#000000'],
    ['#000000', '#ffffff'],
    ['7e7e7e', '#000000'],
    ['7d7d7d', '#ffffff'],
  ])('%s → %s', (background, text) => {
    expect(textColourOn(background)).toBe(text);
  });
});
