/**
 * How the proxy's upstream calls reach the network (issue 16: the renewal call should cost little
 * more than the upstream calls it cannot avoid, over connections kept alive). Node's global fetch
 * runs each call through the WHATWG machinery (a second Request, header lists, body streams,
 * decompression) around an undici connection; undici's own `request()` on a keep-alive pool of our
 * own does the same call for a fraction of the CPU (measured: scripts/bench/renewal-load.ts).
 *
 * openapi-fetch builds each call's request with upstream/message.ts's UpstreamRequest (a WHATWG
 * Request is taken too: tests hand one over); this sends it and answers an UpstreamResponse read whole
 * (upstream answers are small JSON). What callers rely on from fetch is kept:
 * - an aborted call rejects with its signal's reason (the TimeoutError of the upstream timeout, the
 *   AbortError of a shopper who left: upstream/clients.ts and metrics/upstream.ts tell them apart);
 * - any other failure rejects with TypeError('fetch failed'), its cause attached, as fetch does;
 * - a call that asks to follow redirects (fetch's default) and is answered 3xx with a Location is
 *   handed to fetch, which follows it; a call with `redirect: 'manual'` gets the 3xx itself.
 */
import { Agent, request } from 'undici';
import { AnswerHeaders, UpstreamRequest, UpstreamResponse } from './message.ts';

/** A call's request: ours (openapi-fetch's, built with UpstreamRequest) or a WHATWG one. */
export type UpstreamInput = UpstreamRequest | Request;
export type UpstreamFetch = (input: UpstreamInput, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface UpstreamTransport {
  fetch: UpstreamFetch;
  /** Closes the pool's connections once their requests are answered (graceful shutdown). */
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NO_BODY = new Set([204, 205, 304]);

async function bodyOf(input: UpstreamInput): Promise<Buffer | undefined> {
  if (input instanceof UpstreamRequest) return input.bytes();
  return input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
}

export function createUpstreamTransport(options: { keepAliveTimeoutMs?: number } = {}): UpstreamTransport {
  const pool = new Agent({ keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000 });
  const send: UpstreamFetch = async (input, init) => {
    const signal = init?.signal ?? input.signal ?? undefined;
    const body = await bodyOf(input);
    const headers: Record<string, string> = {};
    input.headers.forEach((value, name) => (headers[name] = value));
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(input.url, { method: input.method as 'GET', headers, body, signal, dispatcher: pool });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    }
    const { statusCode } = answer;
    if (input.redirect === 'follow' && REDIRECTS.has(statusCode) && answer.headers.location) {
      await answer.body.dump();
      return fetch(input.url, {
        method: input.method,
        headers,
        body: body as BodyInit | undefined,
        signal,
        redirect: 'follow',
      });
    }
    let data: Buffer | null = null;
    try {
      if (NO_BODY.has(statusCode) || input.method === 'HEAD') await answer.body.dump();
      else data = Buffer.from(await answer.body.arrayBuffer());
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError('fetch failed', { cause: error });
    }
    // Read like a fetch Response by every caller (openapi-fetch, upstream/clients.ts, metrics/upstream.ts).
    const response = new UpstreamResponse(data, {
      status: statusCode,
      headers: new AnswerHeaders(answer.headers),
      url: input.url,
    });
    return response as unknown as Response;
  };
  return { fetch: send, close: () => pool.close() };
}
