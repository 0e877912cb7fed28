import { describe, expect, it } from 'vitest';
import { childHierarchy, isWithinSubtree, parentHierarchy, parentUid } from './hierarchy.ts';

describe('user hierarchy paths', () => {
  it('builds a child path and finds the parent by dropping the last segment', () => {
    const path = childHierarchy(childHierarchy('root', 'dist'), 'owner');
    expect(path).toBe('root#dist#owner');
    expect(parentHierarchy(path)).toBe('root#dist');
    expect(parentUid(path)).toBe('dist');
    expect(parentHierarchy('root')).toBeNull();
    expect(parentUid('root')).toBeNull();
  });

  it.each([
    ['root#a', 'root#a', true],
    ['root#a', 'root#a#b', true],
    ['root#a', 'root#ab', false],
    ['root#a', 'root', false],
    ['root#a#b', 'root#a', false],
  ])('viewer %s reaches %s: %s', (viewer, target, expected) => {
    expect(isWithinSubtree(viewer, target)).toBe(expected);
  });
});
