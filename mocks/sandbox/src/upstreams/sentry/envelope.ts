/**
 * Reading a Sentry envelope (https://develop.sentry.dev/sdk/data-model/envelopes/) as Sentry's ingestion
 * does: a JSON header line; then per item a JSON item header line and a payload of `length` bytes when
 * the header gives one, else up to the next newline. The stand-in keeps each payload as JSON where it is
 * JSON, and a replay recording (a JSON header line, then the recording) as its two parts.
 *
 * The shop's tunnel reads envelopes with code of its own (server/src/monitoring/envelope.ts), on purpose:
 * this stand-in reads what the tunnel writes, and a reader shared by both would let a framing mistake
 * pass both sides. Each is tested on envelopes written out by hand as Sentry's format describes them.
 */

export interface ReceivedItem {
  type: string;
  header: Record<string, unknown>;
  /** The payload as JSON; a replay recording as `{ header, recording }`; text otherwise. */
  payload: unknown;
}

export interface ReceivedEnvelope {
  header: Record<string, unknown>;
  items: ReceivedItem[];
}

const NEWLINE = 0x0a;

function parseJson(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString('utf8'));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPayload(type: string, bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (type === 'replay_recording') {
    const newline = bytes.indexOf(NEWLINE);
    try {
      return { header: parseJson(bytes.subarray(0, newline)), recording: parseJson(bytes.subarray(newline + 1)) };
    } catch {
      return text;
    }
  }
  try {
    return parseJson(bytes);
  } catch {
    return text;
  }
}

/** The envelope, or a string saying why it is not one (Sentry answers 400 with it). */
export function readEnvelope(body: Buffer): ReceivedEnvelope | string {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(NEWLINE, offset);
    const bytes = body.subarray(offset, end < 0 ? body.length : end);
    offset = end < 0 ? body.length : end + 1;
    return bytes;
  };
  let header: unknown;
  try {
    header = parseJson(line());
  } catch {
    return 'invalid envelope header';
  }
  if (!isObject(header)) return 'invalid envelope header';
  const items: ReceivedItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    if (headerLine.length === 0) continue;
    let itemHeader: unknown;
    try {
      itemHeader = parseJson(headerLine);
    } catch {
      return 'invalid item header';
    }
    if (!isObject(itemHeader) || typeof itemHeader.type !== 'string') return 'invalid item header';
    let payload: Buffer;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || offset + length > body.length) {
        return 'invalid item length';
      }
      payload = body.subarray(offset, offset + length);
      offset += length;
      if (body[offset] === NEWLINE) offset += 1;
    } else {
      payload = line();
    }
    items.push({ type: itemHeader.type, header: itemHeader, payload: readPayload(itemHeader.type, payload) });
  }
  return { header, items };
}
