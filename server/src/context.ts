/** What every handler receives besides the request: configuration, upstream clients, sessions. */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { KeyedLock } from './locks.ts';
import type { Sessions } from './session.ts';
import type { Upstreams } from './upstreams.ts';

export interface AppContext {
  config: Config;
  upstreams: Upstreams;
  sessions: Sessions;
  logger: Logger;
  /** Serialises the checkout's writes per session (services/checkout/idempotency.ts). */
  locks: KeyedLock;
  startedAt: number;
}

/** One operation's entry point. Express 5 forwards a rejected promise to the error handler. */
export type Handler = (req: Request, res: Response, ctx: AppContext) => void | Promise<void>;
