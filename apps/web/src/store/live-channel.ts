import {
  LIVE_NORMAL_CLOSE,
  LIVE_RECONNECT_MS,
  LIVE_SESSION_ENDED_CLOSE,
  LIVE_SUBSCRIBE_RETRY_MS,
  LiveServerMessageSchema,
  type LiveServerMessage,
  type SubscribeMessage,
} from '@jejak/contract';

/** The part of the browser WebSocket the channel uses (tests pass a fake). */
export type LiveSocket = Pick<WebSocket, 'readyState' | 'onopen' | 'onmessage' | 'onclose' | 'send' | 'close'>;

export interface LiveChannelOptions {
  url: string;
  onMessage: (message: LiveServerMessage) => void;
  /** Called after an unexpected close once the socket has been reopened: refetch the user's data. */
  onReconnect: () => void;
  /** The server closed the socket because the session ended (4001): sign in again, no reconnect. */
  onSessionEnded: () => void;
  createSocket?: (url: string) => LiveSocket;
}

const OPEN = 1;

/**
 * The live channel of spec 1 §4 / DESIGN §3: subscribe once the socket is open (checked
 * every 3 s), no reconnect after a normal close (1000), back to sign-in when the session
 * ended (4001, ADR 0032), otherwise reopen after 3000 ms and let the owner refetch. The last
 * subscription is sent again on every reopened socket.
 */
export class LiveChannel {
  private socket: LiveSocket | null = null;
  private subscription: SubscribeMessage | null = null;
  private subscribeTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly createSocket: (url: string) => LiveSocket;

  constructor(private readonly options: LiveChannelOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.open(false);
  }

  subscribe(ids: string[], uid: string): void {
    this.subscription = { action: 'subscribeTo', data: { ids, uid } };
    this.sendSubscription();
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    this.socket?.close(LIVE_NORMAL_CLOSE);
    this.socket = null;
  }

  private open(isReconnect: boolean): void {
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => this.sendSubscription();
    socket.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed || event.code === LIVE_NORMAL_CLOSE) return;
      if (event.code === LIVE_SESSION_ENDED_CLOSE) {
        this.close();
        this.options.onSessionEnded();
        return;
      }
      this.reconnectTimer = setTimeout(() => this.open(true), LIVE_RECONNECT_MS);
    };
    if (isReconnect) this.options.onReconnect();
  }

  private sendSubscription(): void {
    if (this.subscribeTimer !== null) clearTimeout(this.subscribeTimer);
    this.subscribeTimer = null;
    if (this.closed || this.subscription === null) return;
    if (this.socket?.readyState === OPEN) {
      this.socket.send(JSON.stringify(this.subscription));
      return;
    }
    this.subscribeTimer = setTimeout(() => this.sendSubscription(), LIVE_SUBSCRIBE_RETRY_MS);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = LiveServerMessageSchema.safeParse(json);
    if (parsed.success) this.options.onMessage(parsed.data);
  }

  private clearTimers(): void {
    if (this.subscribeTimer !== null) clearTimeout(this.subscribeTimer);
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.subscribeTimer = null;
    this.reconnectTimer = null;
  }
}

export function liveChannelUrl(path: string, location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}
