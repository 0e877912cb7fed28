import { describe, expect, it } from 'vitest';
import { todayWindow } from './today-window.ts';

describe('todayWindow', () => {
  it('spans the local day, whatever the instant inside it', () => {
    // 2026-03-04 17:30 UTC is 01:30 on 5 March in Kuala Lumpur (UTC+8).
    expect(todayWindow(Date.UTC(2026, 2, 4, 17, 30))).toEqual({
      startMs: Date.UTC(2026, 2, 4, 16, 0),
      endMs: Date.UTC(2026, 2, 5, 16, 0),
    });
    expect(todayWindow(Date.UTC(2026, 2, 4, 15, 59))).toEqual({
      startMs: Date.UTC(2026, 2, 3, 16, 0),
      endMs: Date.UTC(2026, 2, 4, 16, 0),
    });
  });
});
