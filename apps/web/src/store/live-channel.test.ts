import { LIVE_SESSION_ENDED_CLOSE, type LiveServerMessage } from '@jejak/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { LiveChannel, liveChannelUrl } from './live-channel.ts';

class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number): void {
    this.closedWith = code;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  drop(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('LiveChannel', () => {
  let sockets: FakeSocket[];
  let onMessage: Mock<(message: LiveServerMessage) => void>;
  let onReconnect: Mock<() => void>;
  let onSessionEnded: Mock<() => void>;
  let channel: LiveChannel;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    onMessage = vi.fn<(message: LiveServerMessage) => void>();
    onReconnect = vi.fn<() => void>();
    onSessionEnded = vi.fn<() => void>();
    channel = new LiveChannel({
      url: 'ws://console.test/api/live',
      onMessage,
      onReconnect,
      onSessionEnded,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
  });

  afterEach(() => {
    channel.close();
    vi.useRealTimers();
  });

  const current = () => sockets[sockets.length - 1] as FakeSocket;
  const subscribeText = JSON.stringify({ action: 'subscribeTo', data: { ids: ['dev#GPS100#1'], uid: 'u1' } });

  it('holds the subscription until the socket is open, checking every 3 s', () => {
    channel.subscribe(['dev#GPS100#1'], 'u1');
    expect(current().sent).toEqual([]);
    vi.advanceTimersByTime(2_999);
    expect(current().sent).toEqual([]);
    current().readyState = 1;
    vi.advanceTimersByTime(1);
    expect(current().sent).toEqual([subscribeText]);
    vi.advanceTimersByTime(10_000);
    expect(current().sent).toHaveLength(1);
  });

  it('sends at once when the socket opens', () => {
    channel.subscribe(['dev#GPS100#1'], 'u1');
    current().open();
    expect(current().sent).toEqual([subscribeText]);
  });

  it('passes valid messages on and drops malformed ones', () => {
    current().open();
    const item = { ids: ['dev#GPS100#1'], rejected: 0 };
    current().onmessage?.({ data: JSON.stringify({ mode: 'subscribed', id: 'sub', item }) });
    current().onmessage?.({ data: 'not json' });
    current().onmessage?.({ data: JSON.stringify({ mode: 'dev', id: 'x', item: { dvid: 1 } }) });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ mode: 'subscribed', id: 'sub', item });
  });

  it('does not reconnect after a normal close (1000)', () => {
    current().open();
    current().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('signs in again instead of reconnecting when the session ended (4001)', () => {
    channel.subscribe(['dev#GPS100#1'], 'u1');
    current().open();
    current().drop(LIVE_SESSION_ENDED_CLOSE);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(onReconnect).not.toHaveBeenCalled();
  });

  it('reconnects after 3000 ms otherwise, refetches and subscribes again', () => {
    channel.subscribe(['dev#GPS100#1'], 'u1');
    current().open();
    current().drop(1006);
    vi.advanceTimersByTime(2_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    current().open();
    expect(current().sent).toEqual([subscribeText]);
  });

  it('closes with 1000 and stops every timer', () => {
    channel.subscribe(['dev#GPS100#1'], 'u1');
    const socket = current();
    channel.close();
    expect(socket.closedWith).toBe(1000);
    socket.drop(1006);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(socket.sent).toEqual([]);
  });
});

describe('liveChannelUrl', () => {
  it('uses ws: or wss: on the page origin', () => {
    expect(liveChannelUrl('/api/live', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live',
    );
    expect(liveChannelUrl('/api/live', { protocol: 'https:', host: 'fleet.example' })).toBe(
      'wss://fleet.example/api/live',
    );
  });
});
