import { describe, expect, it } from 'vitest';
import { escalationStatusTag } from './escalation-status.ts';

describe('escalationStatusTag (spec 3 §4)', () => {
  it.each([
    [-1, 'FAILED', 'red'],
    [0, 'PENDING', 'blue'],
    [1, 'SUCCESS', 'green'],
    [2, 'UNKNOWN', 'default'],
    [-7, 'UNKNOWN', 'default'],
  ])('%i is %s in %s', (status, label, colour) => {
    expect(escalationStatusTag(status)).toEqual({ label, colour });
  });
});
