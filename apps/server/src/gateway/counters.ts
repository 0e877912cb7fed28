/** Gateway counters, read by the benchmark, the fuzz harness and the metrics endpoint (ops/metrics.ts). */
export interface GatewayCounters {
  /** Open TCP connections (a gauge). */
  connections: number;
  /** Frames read from TCP connections and not yet answered (a gauge). */
  tcpUnanswered: number;
  /** UDP remote addresses remembered (a gauge). */
  udpRemotes: number;
  frames: number;
  /** Replies that confirm data, sent once it was committed (DESIGN §1). */
  acknowledgements: number;
  badFrames: number;
  /** Well-formed frames of a type we do not handle: ignored, connection kept. */
  unsupportedFrames: number;
  /** Frames accepted with a warning, e.g. a miscomputed CRC. */
  frameWarnings: number;
  /** Devices looked up by IMEI (each identification, once per connection or UDP remote). */
  deviceLookups: number;
  unknownDevices: number;
  /** Identifications refused without a lookup: their address presented too many unknown IMEIs. */
  unknownThrottled: number;
  /** Live TCP connections closed because a newer one claimed their device (a clone, or a reconnect). */
  imeiConflicts: number;
  /** Connections (TCP, UDP remotes, HTTP requests) closed because their data could not be committed. */
  storeFailedCloses: number;
  /** UDP remotes forgotten to make room for a new one (the least recently heard). */
  udpRemotesEvicted: number;
  /** UDP datagrams dropped unread because too many messages were waiting for their commit. */
  udpDatagramsDropped: number;
  /** Times a TCP connection stopped being read because too many of its frames were unanswered. */
  tcpPauses: number;
  /** TCP connections closed unread on arrival: the process-wide backlog of unanswered frames was full. */
  tcpRefusedBusy: number;
  /** TCP connections closed unread on arrival: the process already held its most open connections. */
  tcpRefusedFull: number;
  /** TCP and HTTP connections closed unread on arrival: their address already held its most open. */
  refusedAddressFull: number;
  /** TCP and HTTP connections closed unread on arrival: their address connected faster than allowed. */
  refusedAddressRate: number;
  /** UDP datagrams dropped unread, HTTP requests answered 429: their address sent faster than allowed. */
  messagesThrottled: number;
  /** HTTP requests refused with 413: a body over the limit. */
  httpBodyTooLarge: number;
  /** HTTP requests refused with 431: headers over node's limit. */
  httpHeadersTooLarge: number;
  /** HTTP requests node could not parse (400), or that timed out while arriving (408). */
  httpBadRequests: number;
}

/** Counters that go up and down; the others only go up. */
export const GAUGES = ['connections', 'tcpUnanswered', 'udpRemotes'] as const;

export function createGatewayCounters(): GatewayCounters {
  return {
    connections: 0,
    tcpUnanswered: 0,
    udpRemotes: 0,
    frames: 0,
    acknowledgements: 0,
    badFrames: 0,
    unsupportedFrames: 0,
    frameWarnings: 0,
    deviceLookups: 0,
    unknownDevices: 0,
    unknownThrottled: 0,
    imeiConflicts: 0,
    storeFailedCloses: 0,
    udpRemotesEvicted: 0,
    udpDatagramsDropped: 0,
    tcpPauses: 0,
    tcpRefusedBusy: 0,
    tcpRefusedFull: 0,
    refusedAddressFull: 0,
    refusedAddressRate: 0,
    messagesThrottled: 0,
    httpBodyTooLarge: 0,
    httpHeadersTooLarge: 0,
    httpBadRequests: 0,
  };
}
