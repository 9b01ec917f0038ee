/**
 * The upstream calls' request and answer (upstream/message.ts) behave as fetch's Request and
 * Response do in everything openapi-fetch, our middlewares and the transport use.
 */
import { describe, expect, it } from 'vitest';
import { AnswerHeaders, UpstreamRequest, UpstreamResponse } from './message.ts';

const answer = (body: string | null, status = 200, raw: Record<string, string | string[]> = {}) =>
  new UpstreamResponse(body === null ? null : Buffer.from(body), {
    status,
    headers: new AnswerHeaders(raw),
    url: 'http://upstream.invalid/x',
  });

describe('UpstreamRequest', () => {
  it('when openapi-fetch hands over its Headers, then the same object is kept and the method reads in capitals', () => {
    const headers = new Headers({ authorization: 'Bearer t' });
    const request = new UpstreamRequest('http://upstream.invalid/a?b=1', { method: 'post', headers });
    expect(request.headers).toBe(headers);
    expect([request.url, request.method, request.redirect, request.payload]).toEqual([
      'http://upstream.invalid/a?b=1',
      'POST',
      'follow',
      null,
    ]);
  });

  it.each([
    ['a text body without a media type', 'plain', undefined, 'text/plain;charset=UTF-8', 'plain'],
    ['a JSON body with its media type', '{"a":1}', 'application/json', 'application/json', '{"a":1}'],
    [
      'a form',
      new URLSearchParams({ a: '1', b: 'x y' }),
      undefined,
      'application/x-www-form-urlencoded;charset=UTF-8',
      'a=1&b=x+y',
    ],
    ['bytes', new Uint8Array([104, 105]), 'application/octet-stream', 'application/octet-stream', 'hi'],
  ])(
    'when the body is %s, then it is sent as fetch sends it',
    async (_what, body, type, expectedType, expectedText) => {
      const request = new UpstreamRequest('http://upstream.invalid/', {
        method: 'POST',
        body: body as BodyInit,
        headers: type ? { 'content-type': type } : {},
      });
      expect(request.headers.get('content-type')).toBe(expectedType);
      expect((await request.bytes())!.toString('utf8')).toBe(expectedText);
      const whatwg = request.toRequest();
      expect(await whatwg.text()).toBe(expectedText);
      expect(whatwg.headers.get('content-type')).toBe(expectedType);
    },
  );

  it('when the body is a multipart form, then its boundary names the media type', async () => {
    const form = new FormData();
    form.set('field', 'value');
    const request = new UpstreamRequest('http://upstream.invalid/', { method: 'POST', body: form });
    const bytes = (await request.bytes())!.toString('utf8');
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(bytes).toContain('name="field"');
  });

  it('when made from another request, then it is the same call with what the init changes', () => {
    const controller = new AbortController();
    const first = new UpstreamRequest('http://upstream.invalid/a', {
      method: 'PUT',
      body: 'x',
      redirect: 'manual',
      signal: controller.signal,
    });
    const second = new UpstreamRequest(first, { method: 'PATCH' });
    expect([second.url, second.method, second.redirect, second.payload, second.signal]).toEqual([
      'http://upstream.invalid/a',
      'PATCH',
      'manual',
      'x',
      controller.signal,
    ]);
    expect(first.toRequest(AbortSignal.abort()).signal.aborted).toBe(true);
  });
});

describe('AnswerHeaders', () => {
  const headers = new AnswerHeaders({
    'content-type': 'application/json',
    'set-cookie': ['a=1', 'b=2'],
    vary: ['accept', 'origin'],
  });

  it('when a header is asked for in any case, then its value; a repeated one joined, an absent one null', () => {
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('vary')).toBe('accept, origin');
    expect(headers.get('location')).toBeNull();
    expect([headers.has('VARY'), headers.has('etag')]).toEqual([true, false]);
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('when walked, then in name order as fetch Headers are', () => {
    expect([...headers].map(([name]) => name)).toEqual(['content-type', 'set-cookie', 'vary']);
    const seen: string[] = [];
    headers.forEach((value, name) => seen.push(`${name}=${value}`));
    expect(seen[0]).toBe('content-type=application/json');
    expect([...headers.keys()]).toEqual(['content-type', 'set-cookie', 'vary']);
    expect([...headers.values()][2]).toBe('accept, origin');
  });
});

describe('UpstreamResponse', () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [302, false],
    [404, false],
    [503, false],
  ])('when the status is %i, then ok is %s', (status, ok) => {
    expect(answer('', status).ok).toBe(ok);
  });

  it('when read as text or JSON, then as fetch reads it, a byte order mark dropped', async () => {
    expect(await answer('\uFEFF{"a":"é"}').json()).toEqual({ a: 'é' });
    expect(await answer('plain').text()).toBe('plain');
    expect(Buffer.from(await answer('ab').arrayBuffer()).toString()).toBe('ab');
    expect(await answer('ab').bytes()).toEqual(new Uint8Array([97, 98]));
    expect(await (await answer('x', 200, { 'content-type': 'text/plain' }).blob()).text()).toBe('x');
  });

  it('when the body was read, then it cannot be read again, as with fetch; a clone made before reads on its own', async () => {
    const response = answer('{"a":1}');
    const copy = response.clone();
    expect(response.bodyUsed).toBe(false);
    await response.json();
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    expect(await copy.json()).toEqual({ a: 1 });
  });

  it('when the body is read as a stream, then it holds the bytes; an answer without a body has none', async () => {
    expect(await new Response(answer('streamed').body).text()).toBe('streamed');
    expect(answer(null, 204).body).toBeNull();
  });
});
