/**
 * Sends one fuzz request as written: node:http puts the path on the wire unchanged, so `..`,
 * `%2e%2e` and `%2F` in a path parameter reach the proxy instead of being normalised away by
 * fetch's URL parser (issue 17: path parameters with traversal and encoded slashes).
 */
import { request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, exactly as sent. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  /** The media type without parameters ('' when absent). */
  mediaType: string;
  text: string;
  setCookie: string[];
}

export function send(origin: string, req: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        // One connection per case: an answer that closes its connection (a refused body) cannot
        // reset the next case's request on a pooled socket.
        agent: false,
        method: req.method,
        path: req.path,
        headers: {
          ...req.headers,
          ...(req.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.body)) }),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            mediaType: String(incoming.headers['content-type'] ?? '')
              .split(';')[0]!
              .trim(),
            text: Buffer.concat(chunks).toString('utf8'),
            setCookie: incoming.headers['set-cookie'] ?? [],
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}
