import { describe, expect, it } from 'vitest';
import { EnvelopeError, parseEnvelope, serializeEnvelope } from './envelope.ts';

// Sentry's envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/), as the SDKs write it.
const header =
  '{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc","dsn":"https://e12d836b15bb49d7bbf99e64295d995b@sentry.io/42"}';

describe('parseEnvelope', () => {
  it('when items run to the next newline or have a length, then each payload is read whole', () => {
    const binary = 'line one\nline two';
    const body = Buffer.from(
      [
        header,
        '{"type":"event"}',
        '{"message":"hello"}',
        `{"type":"attachment","length":${binary.length}}`,
        binary,
      ].join('\n'),
    );
    const envelope = parseEnvelope(body);
    expect(envelope.header).toEqual(JSON.parse(header));
    expect(envelope.items.map((item) => [item.header.type, item.payload.toString()])).toEqual([
      ['event', '{"message":"hello"}'],
      ['attachment', binary],
    ]);
  });

  it('when the envelope ends with a newline or has multi-byte characters under a length, then both are read', () => {
    const text = 'prénom ✓';
    const body = Buffer.from(`${header}\n{"type":"attachment","length":${Buffer.byteLength(text)}}\n${text}\n`);
    expect(parseEnvelope(body).items.map((item) => item.payload.toString())).toEqual([text]);
  });

  it('when the envelope has a header only, then it has no items', () => {
    expect(parseEnvelope(Buffer.from(header)).items).toEqual([]);
  });

  it.each<[string, string]>([
    ['a header that is not JSON', 'hello'],
    ['a header that is not an object', '[1,2]'],
    ['an item header without a type', `${header}\n{"length":2}\nab`],
    ['an item longer than the envelope', `${header}\n{"type":"attachment","length":99}\nab`],
    ['an item header that is not JSON', `${header}\nnot json\n{}`],
  ])('when it has %s, then it is no envelope', (_what, text) => {
    expect(() => parseEnvelope(Buffer.from(text))).toThrow(EnvelopeError);
  });
});

describe('serializeEnvelope', () => {
  it('when written, then every item carries its payload length in bytes and reads back the same', () => {
    const payload = Buffer.from('{"message":"café"}');
    const body = serializeEnvelope({ header: { event_id: 'x' }, items: [{ header: { type: 'event' }, payload }] });
    expect(body.toString()).toBe(`{"event_id":"x"}\n{"type":"event","length":${payload.length}}\n{"message":"café"}`);
    expect(parseEnvelope(body).items[0]!.payload.equals(payload)).toBe(true);
  });
});
