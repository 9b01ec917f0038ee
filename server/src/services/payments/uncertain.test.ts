import { describe, expect, it } from 'vitest';
import { knownOutcome, OutcomeUnknown } from './uncertain.ts';

// Issue 17: a provider write whose answer was lost is asked again with the same key; an answer
// that still does not tell what the provider did is OutcomeUnknown (the caller reverses).
type Data = { resultCode?: unknown };
const answer = (status: number, data?: Data, error?: unknown) => ({
  data,
  error,
  response: new Response(null, { status }),
});
const readable = (data: Data) => typeof data.resultCode === 'string';

describe('knownOutcome', () => {
  it.each([
    ['a readable success', answer(200, { resultCode: 'Authorised' }), 1],
    ['a refusal (4xx)', answer(422, undefined, { errorCode: '101' }), 1],
    ['a declined card (402)', answer(402, undefined, { error: { type: 'card_error' } }), 1],
  ])('when the first answer is %s, then it is taken without asking again', async (_name, first, calls) => {
    let made = 0;
    const result = await knownOutcome(async () => {
      made += 1;
      return first;
    }, readable);
    expect(result).toBe(first);
    expect(made).toBe(calls);
  });

  it.each([
    ['thrown (connection lost, timed out, unparseable)', () => Promise.reject(new TypeError('fetch failed'))],
    ['a 5xx', () => Promise.resolve(answer(503))],
    ['a 429', () => Promise.resolve(answer(429))],
    ["Adyen's 704 (in progress)", () => Promise.resolve(answer(422, undefined, { errorCode: '704' }))],
    ["Stripe's 409 (a request with the same key in flight)", () => Promise.resolve(answer(409))],
    ['an unreadable success', () => Promise.resolve(answer(200, { resultCode: 12345 }))],
  ])('when the first answer is %s, then the same call is made again and its answer taken', async (_name, first) => {
    const calls: number[] = [];
    const result = await knownOutcome(() => {
      calls.push(calls.length);
      return calls.length === 1 ? first() : Promise.resolve(answer(200, { resultCode: 'Authorised' }));
    }, readable);
    expect(calls).toHaveLength(2);
    expect(result.data).toEqual({ resultCode: 'Authorised' });
  });

  it('when the replay does not tell either, then the outcome is unknown and carries the last failure', async () => {
    const failure = new TypeError('fetch failed');
    const error = await knownOutcome(() => Promise.reject(failure), readable).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as OutcomeUnknown).last).toBe(failure);
  });
});
