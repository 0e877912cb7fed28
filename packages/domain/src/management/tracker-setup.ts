/*
 * What a tracker needs to report here (issue 26 item 4, ADR 0074): the server's address and
 * the gateway port of its protocol, and the usual set-up message for its kind of tracker. The
 * messages follow each maker's SMS command documents (GT06/Concox SERVER, H02 804, Teltonika
 * setparam 2004–2006, Meitrack A21, Queclink AT+GTSRI); OsmAnd-style apps take a URL instead.
 * Passwords are the makers' factory ones; a tracker whose password was changed needs it put in.
 */

/** How the server is told to the tracker. */
export type TrackerSetupKind = 'sms' | 'app';

export interface TrackerSetup {
  kind: TrackerSetupKind;
  /** The messages to send to the tracker's SIM, in order (for 'app': the server URL to enter). */
  lines: string[];
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

type SetupWriter = (host: string, port: number) => TrackerSetup;

const sms = (...lines: string[]): TrackerSetup => ({ kind: 'sms', lines });

/** Keyed by protocol id (the gateway's). */
const SETUP: Readonly<Record<string, SetupWriter>> = {
  // SERVER,<0 for an IP address | 1 for a domain name>,<host>,<port>,<0 for TCP>#
  gt06: (host, port) => sms(`SERVER,${IPV4.test(host) ? 0 : 1},${host},${port},0#`),
  // 804<password> <host> <port>; factory password 0000.
  h02: (host, port) => sms(`8040000 ${host} ${port}`),
  // Two leading spaces stand for the empty SMS login and password; 2006:0 is TCP.
  teltonika: (host, port) => sms(`  setparam 2004:${host};2005:${port};2006:0`),
  // <password>,A21,<1 for TCP>,<host>,<port>,<APN>,<APN user>,<APN password>
  meitrack: (host, port) => sms(`0000,A21,1,${host},${port},,,`),
  // Report mode 3 keeps one TCP connection; buffering on; heartbeat every 5 minutes.
  gl200: (host, port) => sms(`AT+GTSRI=gl300,3,,1,${host},${port},,,,5,0,0,0,,,0001$`),
  osmand: (host, port) => ({ kind: 'app', lines: [`http://${host}:${port}`] }),
  // Jimi/Concox JT/T 808 models take the GT06 family's SERVER command (Jimi user manuals).
  jt808: (host, port) => sms(`SERVER,${IPV4.test(host) ? 0 : 1},${host},${port},0#`),
  // adminip<password> <host> <port>; factory password 123456 (Coban user manual, "GPRS setting").
  gps103: (host, port) => sms(`adminip123456 ${host} ${port}`),
  // Ruptela's FM devices take their server in the configurator (or its .cfg by SMS): no one-line SMS.
};

/** The set-up of a tracker of `protocol` for this server, or null for a protocol without one. */
export function trackerSetup(protocol: string, host: string, port: number): TrackerSetup | null {
  return SETUP[protocol]?.(host, port) ?? null;
}
