import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in answers to one request: a status and a JSON body (a string is sent as is), or null to never answer. */
export type NominatimAnswer = { status: number; body: unknown } | null;

export interface LocalNominatim {
  /** The base address to configure as JEJAK_GEOCODER_URL. */
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that behaves like a Nominatim instance under /nominatim/{path}: each
 * request on that path is answered by `answer(query)`; any other path gets a 404.
 */
export function startLocalNominatim(path: 'search' | 'reverse', answer: (query: URLSearchParams) => NominatimAnswer) {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.url?.startsWith(`/nominatim/${path}?`) !== true) return json(404, { error: 'no such path' });
    const reply = answer(new URL(req.url, 'http://x').searchParams);
    if (reply) json(reply.status, reply.body);
  });
  return new Promise<LocalNominatim>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/nominatim`,
        requests,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}
