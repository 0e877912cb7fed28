import { describe, expect, it } from 'vitest';
import { contrastTextOn, textColourOn } from './colour.ts';

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

describe('contrastTextOn', () => {
  it.each([
    // The spec's PARKING blue: white reads 3.8:1 on it, black 5.5:1.
    ['#0488DB', '#000000'],
    ['#52C41A', '#000000'],
    ['#FFB517', '#000000'],
    ['#1F1F1F', '#ffffff'],
    ['#CF1322', '#ffffff'],
  ])('%s → %s', (background, text) => {
    expect(contrastTextOn(background)).toBe(text);
  });
});
