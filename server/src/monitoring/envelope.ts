/**
 * Sentry's envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header line,
 * then per item a JSON item header line and its payload, which is `length` bytes when the item header
 * says so and otherwise runs to the next newline. The tunnel reads what the browser's SDK sent and
 * writes what it forwards with it; each item's `length` is set again, as scrubbing changes payloads.
 * The sandbox's Sentry stand-in reads what the tunnel forwards with a reader of its own
 * (mocks/sandbox/src/upstreams/sentry/envelope.ts), on purpose: one shared by both would let a framing
 * mistake pass both sides.
 */

export type JsonObject = Record<string, unknown>;

export interface EnvelopeItem {
  header: JsonObject & { type?: unknown };
  payload: Buffer;
}

export interface Envelope {
  header: JsonObject;
  items: EnvelopeItem[];
}

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

const NEWLINE = 0x0a;

function jsonObject(bytes: Buffer, what: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new EnvelopeError(`${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new EnvelopeError(`${what} is not a JSON object`);
  }
  return value as JsonObject;
}

/** The envelope's header and items; an EnvelopeError when it is not one. */
export function parseEnvelope(body: Buffer): Envelope {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(NEWLINE, offset);
    const bytes = body.subarray(offset, end < 0 ? body.length : end);
    offset = end < 0 ? body.length : end + 1;
    return bytes;
  };
  const header = jsonObject(line(), 'The envelope header');
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    // A trailing newline (or an empty line between items) ends nothing and starts nothing.
    if (headerLine.length === 0) continue;
    const itemHeader = jsonObject(headerLine, `Item ${items.length + 1}'s header`);
    if (typeof itemHeader.type !== 'string') throw new EnvelopeError(`Item ${items.length + 1} has no type`);
    let payload: Buffer;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || offset + length > body.length) {
        throw new EnvelopeError(`Item ${items.length + 1}'s length does not fit the envelope`);
      }
      payload = body.subarray(offset, offset + length);
      offset += length;
      if (body[offset] === NEWLINE) offset += 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/** The envelope as bytes, every item's `length` its payload's. */
export function serializeEnvelope(envelope: Envelope): Buffer {
  const parts: Buffer[] = [Buffer.from(JSON.stringify(envelope.header))];
  for (const item of envelope.items) {
    parts.push(Buffer.from(`\n${JSON.stringify({ ...item.header, length: item.payload.length })}\n`), item.payload);
  }
  return Buffer.concat(parts);
}
