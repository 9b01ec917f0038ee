/**
 * A provider write whose outcome the proxy may not learn (issue 17: a fault during place-order
 * after the provider has charged). A payment's answer can be lost after the provider acted: the
 * connection dropped or timed out once the request was sent, the provider's gateway answered 5xx,
 * or the answer could not be read. Taking that as "not paid" would fail the order while the money
 * is taken; taking it as "paid" would place an order nobody paid. Both providers keep the first
 * answer per Idempotency-Key (Adyen for at least seven days, docs.adyen.com/development-resources/api-idempotency;
 * Stripe for 24 hours, docs.stripe.com/api/idempotent_requests), so the same request sent again
 * with the same key answers what was done, without doing it twice. `knownOutcome` asks once more;
 * when that does not answer either, the outcome stays unknown and the caller reverses whatever
 * may have been charged (Adyen's technical cancel or reversal) before failing the order.
 */

/** An answer of an openapi-fetch call. */
interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** Thrown when neither the call nor its replay told what the provider did. */
export class OutcomeUnknown extends Error {
  /** The last failure: thrown, or the answer that did not tell. */
  readonly last: unknown;

  constructor(last: unknown) {
    super('the payment provider did not tell what it did', { cause: last });
    this.name = 'OutcomeUnknown';
    this.last = last;
  }
}

/**
 * An answer that tells what the provider did: a success the caller can read, or a refusal (4xx)
 * that did nothing, except the refusals that mean "still in progress" (Adyen 422 errorCode 704 for
 * a key whose first request is not finished; Stripe's 409, "the request conflicts with another
 * request (perhaps due to using the same idempotent key)", docs.stripe.com/api/errors), which say
 * nothing yet.
 */
function tells<D>(answer: Answer<D>, readable: (data: D) => boolean): boolean {
  const { status } = answer.response;
  if (answer.data !== undefined) return readable(answer.data);
  if (status >= 500 || status === 429) return false;
  if (status === 422 && (answer.error as { errorCode?: unknown } | undefined)?.errorCode === '704') return false;
  if (status === 409) return false;
  return status >= 400;
}

/**
 * Runs a provider write carrying an Idempotency-Key, and once more with the same key when its
 * answer does not tell what was done; throws OutcomeUnknown when the replay does not tell either.
 */
export async function knownOutcome<D>(
  call: () => Promise<Answer<D>>,
  readable: (data: D) => boolean,
  replays = 1,
): Promise<Answer<D>> {
  let last: unknown;
  for (let attempt = 0; attempt <= replays; attempt += 1) {
    try {
      const answer = await call();
      if (tells(answer, readable)) return answer;
      last = new Error(`answer ${answer.response.status} does not tell the outcome`);
    } catch (error) {
      // Unreachable, timed out or unparseable (openapi-fetch throws on a JSON body it cannot parse).
      last = error;
    }
  }
  throw new OutcomeUnknown(last);
}
