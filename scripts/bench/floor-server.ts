/**
 * The floor of issue 16's renewal figure: what a proxy that does nothing but the renewal call's two
 * upstream calls costs on this machine. A bare node:http server (no Express, no session, no security
 * headers, no log line, no metrics, no validation) answers each request after two sandbox vehicle
 * lookups, made at once over a keep-alive pool and read as JSON, with a JSON body of the renewal
 * answer's size. The renewal call's second call is the basket read, which costs the sandbox more
 * than a lookup, so this floor is an upper bound for any proxy making the renewal's calls.
 *
 * Run by floor.ts as a process of its own (the load generator keeps its own event loop):
 *   SANDBOX=http://localhost:4010 ANSWER_BYTES=4353 node scripts/bench/floor-server.ts
 * It prints the port it listens on (ephemeral) as its first line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { VIN } from './config.ts';

const sandbox = process.env.SANDBOX ?? 'http://localhost:4010';
const answerBytes = Number(process.env.ANSWER_BYTES ?? 4096);
const lookup = `${sandbox}/vehicles/v12/vehicles?service=VCS&vin=${VIN}&exactVehicleMatch=true&consolidateConNav=true`;
const headers = { authorization: 'Bearer sandbox-service-token', accept: 'application/json' };
const pool = new Agent({ keepAliveTimeout: 10_000 });

async function read(): Promise<unknown> {
  const answer = await request(lookup, { headers, dispatcher: pool });
  if (answer.statusCode !== 200) throw new Error(`lookup: ${answer.statusCode}`);
  return answer.body.json();
}

/** Filler up to the renewal answer's size, measured on the first answer (the lookups' size does not change). */
let padding: string | undefined;

const server = http.createServer((_req, res) => {
  Promise.all([read(), read()]).then(
    ([vehicle, second]) => {
      padding ??= 'x'.repeat(Math.max(0, answerBytes - JSON.stringify({ vehicle, second, padding: '' }).length));
      const body = JSON.stringify({ vehicle, second, padding });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
process.on('SIGTERM', () => server.close(() => void pool.close().then(() => process.exit(0))));
