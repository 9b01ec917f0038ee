/**
 * The request and answer objects of the proxy's upstream calls (issue 16: the renewal call should
 * cost little more than the upstream calls it cannot avoid). openapi-fetch builds each call's
 * request with the `Request` class it is given and reads the answer through a handful of members;
 * WHATWG's Request and Response do the same job with body streams, header validation and signals
 * that follow other signals (kept alive through weak references), which measured at several times the
 * CPU of the call itself. These carry what openapi-fetch, our middlewares (upstream/correlation.ts,
 * metrics/upstream.ts, upstream/mock-scenario.ts, upstream/clients.ts) and upstream/transport.ts use, and nothing
 * more:
 * - UpstreamRequest: url, method, headers (a Headers, as openapi-fetch hands it over), the body as
 *   serialised (a string, bytes, URLSearchParams or FormData), redirect and signal;
 * - UpstreamResponse: status, ok, headers (read-only, over the raw header object undici answers),
 *   and the body read whole: text(), json(), arrayBuffer(), bytes(), blob(), and a stream on demand.
 */

type Body = string | Uint8Array | ArrayBuffer | URLSearchParams | FormData | Blob;

export class UpstreamRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly redirect: RequestRedirect;
  readonly signal: AbortSignal | undefined;
  /** The body as it was given (openapi-fetch's serialiser's result), or null. */
  readonly payload: Body | null;

  constructor(input: string | URL | UpstreamRequest, init: RequestInit = {}) {
    const from = input instanceof UpstreamRequest ? input : undefined;
    this.url = from ? from.url : String(input);
    this.method = (init.method ?? from?.method ?? 'GET').toUpperCase();
    this.headers =
      init.headers instanceof Headers ? init.headers : new Headers(init.headers ?? from?.headers ?? undefined);
    this.redirect = init.redirect ?? from?.redirect ?? 'follow';
    this.signal = init.signal ?? from?.signal ?? undefined;
    this.payload = (init.body as Body | null | undefined) ?? from?.payload ?? null;
    // As fetch does: a text or form body names its media type unless the caller did.
    if (typeof this.payload === 'string' && !this.headers.has('content-type')) {
      this.headers.set('content-type', 'text/plain;charset=UTF-8');
    } else if (this.payload instanceof URLSearchParams && !this.headers.has('content-type')) {
      this.headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    }
  }

  /** The body's bytes (empty when there is none); a form's multipart encoding sets its content type. */
  async bytes(): Promise<Buffer | undefined> {
    const body = this.payload;
    if (body === null) return undefined;
    if (typeof body === 'string' || body instanceof URLSearchParams) return Buffer.from(String(body));
    if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (body instanceof ArrayBuffer) return Buffer.from(body);
    const encoded = new Response(body as BodyInit);
    const type = encoded.headers.get('content-type');
    if (type && !this.headers.has('content-type')) this.headers.set('content-type', type);
    return Buffer.from(await encoded.arrayBuffer());
  }

  /** The same call as a WHATWG Request (tests' stand-ins for the network receive one). */
  toRequest(signal: AbortSignal | undefined = this.signal): Request {
    return new Request(this.url, {
      method: this.method,
      headers: this.headers,
      redirect: this.redirect,
      ...(this.payload !== null ? { body: this.payload as BodyInit } : {}),
      ...(signal ? { signal } : {}),
    });
  }
}

/** A read-only Headers over undici's answer headers (names lower-cased, a repeated header as an array). */
export class AnswerHeaders {
  readonly #raw: Record<string, string | string[] | undefined>;

  constructor(raw: Record<string, string | string[] | undefined>) {
    this.#raw = raw;
  }

  get(name: string): string | null {
    const value = this.#raw[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.#raw[name.toLowerCase()] !== undefined;
  }

  getSetCookie(): string[] {
    const value = this.#raw['set-cookie'];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.#raw).sort()) {
      const value = this.get(name);
      if (value !== null) yield [name, value];
    }
  }

  keys(): IterableIterator<string> {
    return [...this.entries()].map(([name]) => name)[Symbol.iterator]();
  }

  values(): IterableIterator<string> {
    return [...this.entries()].map(([, value]) => value)[Symbol.iterator]();
  }

  forEach(callback: (value: string, name: string, headers: AnswerHeaders) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

export class UpstreamResponse {
  readonly status: number;
  readonly statusText = '';
  readonly ok: boolean;
  readonly headers: AnswerHeaders;
  readonly url: string;
  readonly redirected = false;
  readonly type = 'basic';
  readonly #data: Buffer | null;
  #used = false;

  constructor(data: Buffer | null, init: { status: number; headers: AnswerHeaders; url: string }) {
    this.#data = data;
    this.status = init.status;
    this.ok = init.status >= 200 && init.status < 300;
    this.headers = init.headers;
    this.url = init.url;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** A stream over the body, for a caller that reads it so (openapi-fetch's parseAs 'stream'). */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#data === null) return null;
    return new Response(this.#take() as BodyInit).body;
  }

  #take(): Buffer {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#data ?? Buffer.alloc(0);
  }

  async text(): Promise<string> {
    const data = this.#take();
    // As fetch's text(): UTF-8, a leading byte order mark dropped.
    const bom = data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf;
    return data.toString('utf8', bom ? 3 : 0);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const data = this.#take();
    return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): UpstreamResponse {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new UpstreamResponse(this.#data, { status: this.status, headers: this.headers, url: this.url });
  }
}
