import { describe, expect, it } from 'vitest';
import { concerns, isDue, narrow, originAllowed, socketRefusal } from './live-access.ts';

describe('live access rules', () => {
  it('concerns the named users, or everyone', () => {
    expect(concerns(['a', 'b'], 'b')).toBe(true);
    expect(concerns(['a'], 'b')).toBe(false);
    expect(concerns('all', 'b')).toBe(true);
  });

  it('narrows a subscription to what is still visible and never widens it', () => {
    expect(narrow(new Set(['d1', 'd2', 'd3']), new Set(['d2', 'd9']))).toEqual({ removed: ['d1', 'd3'] });
    expect(narrow(new Set(['d1']), new Set(['d1']))).toEqual({ removed: [] });
  });

  it('reads a session again once its end has come', () => {
    expect(isDue(1_000, 999)).toBe(false);
    expect(isDue(1_000, 1_000)).toBe(true);
  });

  it.each([
    [undefined, 'jejak.example:8080', [], true],
    ['http://jejak.example:8080', 'jejak.example:8080', [], true],
    ['https://JEJAK.example', 'jejak.example', [], true],
    ['https://evil.example', 'jejak.example', [], false],
    ['http://jejak.example:8081', 'jejak.example:8080', [], false],
    ['http://jejak.example.evil.example', 'jejak.example', [], false],
    ['null', 'jejak.example', [], false],
    ['file:///tmp/x.html', 'jejak.example', [], false],
    ['not a url', 'jejak.example', [], false],
    ['https://fleet.example.com', '127.0.0.1:8080', ['https://fleet.example.com'], true],
    ['http://fleet.example.com', '127.0.0.1:8080', ['https://fleet.example.com'], false],
    ['http://jejak.example', undefined, [], false],
  ] as const)('origin %s with Host %s (allowed %j) → %s', (origin, host, allowed, expected) => {
    expect(originAllowed(origin, host, allowed)).toBe(expected);
  });

  it.each([
    [{ session: 0, user: 0 }, null],
    [{ session: 1, user: 3 }, null],
    [{ session: 2, user: 3 }, 'session'],
    [{ session: 1, user: 4 }, 'user'],
    [{ session: 2, user: 4 }, 'session'],
  ] as const)('a new socket with %j already open → %s', (open, expected) => {
    expect(socketRefusal(open, { maxSocketsPerSession: 2, maxSocketsPerUser: 4 })).toBe(expected);
  });
});
