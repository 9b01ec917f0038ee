/**
 * Sentry's envelope ingestion (`/sentry`), for the shop's error reporting (issue 15): the sandbox's DSN
 * `http://sandboxpublickey@localhost:4010/sentry/1` makes the SDKs post to
 * `/sentry/api/1/envelope/` (a DSN's path goes before `/api/{project}`), as they post to Sentry. Like
 * Sentry it reads the public key from X-Sentry-Auth, the `sentry_key` query parameter or the envelope
 * header's `dsn` (a tunnel's envelopes carry it), refuses a missing key (401) and a wrong key or project
 * (403), takes gzip, deflate and brotli bodies, and answers `{"id": event id}`. Envelopes are kept in
 * memory (the last 200) for tests: `GET /sentry/__sandbox/envelopes` lists them with each item's
 * payload and the whole body as text, `DELETE` clears them, and `/__sandbox/reset` does too.
 */
import express, { type Request, type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { readEnvelope, type ReceivedEnvelope } from './envelope.ts';

export const SENTRY_PUBLIC_KEY = 'sandboxpublickey';
export const SENTRY_PROJECT_ID = '1';

/** The sandbox's DSN for a sandbox base URL (`http://localhost:4010`). */
export const sandboxDsn = (baseUrl: string): string => {
  const url = new URL(baseUrl);
  return `${url.protocol}//${SENTRY_PUBLIC_KEY}@${url.host}/sentry/${SENTRY_PROJECT_ID}`;
};

export interface StoredEnvelope extends ReceivedEnvelope {
  receivedAt: string;
  projectId: string;
  publicKey: string;
  /** How the body came (Content-Encoding), before the stand-in decoded it. */
  encoding: string | undefined;
  /** The decoded body as text: a test can look for anything in the whole envelope. */
  raw: string;
}

const MAX_STORED = 200;

/** The public key of a request: X-Sentry-Auth, then the query, then the envelope header's DSN. */
function publicKeyOf(req: Request, envelope: ReceivedEnvelope): string | undefined {
  const auth = /sentry_key=([^,\s]+)/.exec(req.get('x-sentry-auth') ?? '')?.[1];
  if (auth) return auth;
  if (typeof req.query.sentry_key === 'string' && req.query.sentry_key) return req.query.sentry_key;
  if (typeof envelope.header.dsn === 'string' && URL.canParse(envelope.header.dsn)) {
    return new URL(envelope.header.dsn).username || undefined;
  }
  return undefined;
}

/** The project named by the envelope header's DSN, when it has one. */
function dsnProject(envelope: ReceivedEnvelope): string | undefined {
  if (typeof envelope.header.dsn !== 'string' || !URL.canParse(envelope.header.dsn)) return undefined;
  return new URL(envelope.header.dsn).pathname.split('/').filter(Boolean).pop();
}

export function sentryRouter(context: SandboxContext): Router {
  const stored: StoredEnvelope[] = [];
  context.resetHooks.push(() => stored.splice(0));
  const router = express.Router();

  router.get('/__sandbox/envelopes', (_req, res) => {
    res.json({ envelopes: stored });
  });
  router.delete('/__sandbox/envelopes', (_req, res) => {
    stored.splice(0);
    res.status(204).end();
  });

  router.post(
    '/api/:projectId/envelope',
    // Any media type (a tunnel sends application/x-sentry-envelope, the browser SDK text/plain); gzip,
    // deflate and br bodies are inflated (the Node SDK gzips envelopes over 32 KB).
    express.raw({ type: () => true, limit: '20mb', inflate: true }),
    (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const envelope = readEnvelope(body);
      if (typeof envelope === 'string') {
        res.status(400).json({ detail: envelope });
        return;
      }
      const publicKey = publicKeyOf(req, envelope);
      if (!publicKey) {
        res.status(401).json({ detail: 'missing authorization information' });
        return;
      }
      const projectId = String(req.params.projectId);
      const named = dsnProject(envelope);
      if (publicKey !== SENTRY_PUBLIC_KEY || projectId !== SENTRY_PROJECT_ID || (named && named !== projectId)) {
        res.status(403).json({ detail: 'event submission rejected with_reason: ProjectId' });
        return;
      }
      stored.push({
        ...envelope,
        receivedAt: context.clock.now().toISOString(),
        projectId,
        publicKey,
        encoding: req.get('content-encoding'),
        raw: body.toString('utf8'),
      });
      if (stored.length > MAX_STORED) stored.splice(0, stored.length - MAX_STORED);
      res.json(typeof envelope.header.event_id === 'string' ? { id: envelope.header.event_id } : {});
    },
  );

  router.use((req, res) => {
    res.status(404).json({ detail: `No Sentry endpoint at ${req.method} ${req.path}.` });
  });
  return router;
}
