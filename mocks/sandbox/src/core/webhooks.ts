/**
 * The sandbox's webhooks (issue 29): what the Stripe and Adyen stand-ins did, sent as the providers
 * send it, signed, to the shop's endpoint (`<url>/stripe`, `<url>/adyen`), and sent again on any
 * answer but a 2xx, as the providers do, on a schedule scaled from hours down to seconds. The
 * stand-ins build and sign each message (stripe/events.ts, adyen/notifications.ts); this file
 * delivers, retries and keeps the last deliveries for `GET /__sandbox/webhooks`.
 *
 * The URL comes from SANDBOX_WEBHOOK_URL (main.ts; `make start` gives the proxy's
 * http://localhost:3000/api/webhooks) and `PUT /__sandbox/webhooks`; without one nothing is sent.
 * A reset stops every retry and goes back to the environment's URL.
 */
import express, { type Router } from 'express';

export type WebhookProvider = 'stripe' | 'adyen';

/**
 * The waits before each retry (so at most one try more than there are waits), scaled from the
 * providers' schedules:
 * - Adyen retries three times at once, then from its retry queue after 2, 5, 10 minutes and more
 *   (docs.adyen.com/development-resources/webhooks/troubleshoot): here three at once, then 2 s;
 * - Stripe retries with an exponential backoff for up to three days
 *   (docs.stripe.com/webhooks, "Retry behavior"): here 1, 2, 4 and 8 s.
 */
export const RETRY_DELAYS_MS: Record<WebhookProvider, readonly number[]> = {
  adyen: [0, 0, 0, 2_000],
  stripe: [1_000, 2_000, 4_000, 8_000],
};

/** How long a try waits for the answer: Adyen's 10 seconds (Stripe allows more). */
const TRY_TIMEOUT_MS = 10_000;
/** How many deliveries GET /__sandbox/webhooks shows: the last ones. */
const KEPT = 200;

export interface WebhookMessage {
  provider: WebhookProvider;
  /** What it tells, for the log: `setup_intent.succeeded seti_…`, `AUTHORISATION 8816… true`. */
  event: string;
  /** The JSON body, as sent (the Stripe signature covers these bytes). */
  body: string;
  /** The headers of one try: Stripe signs every retry anew, with its own timestamp. */
  headers: () => Record<string, string>;
}

export interface WebhookTry {
  at: string;
  status?: number;
  /** The start of the answer's body. */
  answer?: string;
  /** Why no answer came (refused connection, timeout). */
  error?: string;
}

export interface WebhookDelivery {
  id: number;
  provider: WebhookProvider;
  event: string;
  url: string;
  body: unknown;
  tries: WebhookTry[];
  state: 'sending' | 'delivered' | 'failed';
}

export interface WebhookSettings {
  url: string | null;
  enabled: boolean;
}

export class Webhooks {
  private url: string | undefined;
  private enabled: boolean;
  private readonly deliveries: WebhookDelivery[] = [];
  private nextId = 1;
  /** Bumped by reset: a try or retry of an earlier generation does nothing more. */
  private generation = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private initialUrl: string | undefined;
  private readonly delays: Record<WebhookProvider, readonly number[]>;

  constructor(initialUrl: string | undefined, delays: Record<WebhookProvider, readonly number[]> = RETRY_DELAYS_MS) {
    this.initialUrl = initialUrl;
    this.delays = delays;
    this.url = initialUrl;
    this.enabled = initialUrl !== undefined;
  }

  settings(): WebhookSettings {
    return { url: this.url ?? null, enabled: this.enabled };
  }

  configure(change: { url?: string | null; enabled?: boolean }): WebhookSettings {
    if (change.url !== undefined) this.url = change.url ?? undefined;
    if (change.enabled !== undefined) this.enabled = change.enabled;
    return this.settings();
  }

  /** Where webhooks go from now on and after every reset (a test's proxy, known once it listens). */
  setDefaultUrl(url: string | undefined): void {
    this.initialUrl = url;
    this.url = url;
    this.enabled = url !== undefined;
  }

  /** The last deliveries, oldest first. */
  list(): WebhookDelivery[] {
    return structuredClone(this.deliveries);
  }

  /** Sends a message after the current request's answer (as a provider does, later); none without a URL. */
  send(message: WebhookMessage): void {
    if (!this.enabled || !this.url) return;
    const delivery: WebhookDelivery = {
      id: this.nextId++,
      provider: message.provider,
      event: message.event,
      url: `${this.url.replace(/\/$/, '')}/${message.provider}`,
      body: JSON.parse(message.body) as unknown,
      tries: [],
      state: 'sending',
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > KEPT) this.deliveries.splice(0, this.deliveries.length - KEPT);
    this.later(0, () => this.attempt(delivery, message, 0, this.generation));
  }

  /** Stops every try and retry, forgets the deliveries and goes back to the environment's URL. */
  reset(): void {
    this.stop();
    this.deliveries.length = 0;
    this.url = this.initialUrl;
    this.enabled = this.initialUrl !== undefined;
  }

  /** Stops every try and retry (the sandbox stops). */
  stop(): void {
    this.generation += 1;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(
    delivery: WebhookDelivery,
    message: WebhookMessage,
    retries: number,
    generation: number,
  ): Promise<void> {
    if (generation !== this.generation) return;
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(
      () => controller.abort(new Error(`no answer within ${TRY_TIMEOUT_MS} ms`)),
      TRY_TIMEOUT_MS,
    );
    const attempt: WebhookTry = { at: new Date().toISOString() };
    let accepted = false;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...message.headers() },
        body: message.body,
        signal: controller.signal,
      });
      attempt.status = response.status;
      attempt.answer = (await response.text()).slice(0, 200);
      accepted = response.ok;
    } catch (error) {
      attempt.error =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (generation !== this.generation) return;
    delivery.tries.push(attempt);
    const wait = this.delays[message.provider][retries];
    if (accepted || wait === undefined) {
      delivery.state = accepted ? 'delivered' : 'failed';
      return;
    }
    this.later(wait, () => this.attempt(delivery, message, retries + 1, generation));
  }
}

/** `PUT /__sandbox/webhooks {"url": "...", "enabled": true}` and `GET /__sandbox/webhooks`. */
export function webhookControls(webhooks: Webhooks): Router {
  const router = express.Router();
  router.use(express.json());

  router.get('/', (_req, res) => {
    res.json({ ...webhooks.settings(), deliveries: webhooks.list() });
  });

  router.put('/', (req, res) => {
    const { url, enabled } = (req.body ?? {}) as { url?: unknown; enabled?: unknown };
    const isUrl = typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
    if (url !== undefined && url !== null && !isUrl) {
      res
        .status(400)
        .json({ error: 'url must be an http(s) URL (the base: /stripe and /adyen are appended), or null.' });
      return;
    }
    if (enabled !== undefined && typeof enabled !== 'boolean') {
      res.status(400).json({ error: 'enabled must be a boolean.' });
      return;
    }
    if (url === undefined && enabled === undefined) {
      res.status(400).json({ error: 'Give url, enabled or both.' });
      return;
    }
    res.json(
      webhooks.configure({
        ...(url !== undefined ? { url: url as string | null } : {}),
        ...(enabled !== undefined ? { enabled } : {}),
      }),
    );
  });

  return router;
}
