// The breaking-change comparator's rules (issue 15, CI: "a removed operation, field or enum value, or a
// newly required parameter fails"), one row per rule on a small inline contract, and the changes that
// are not breaking for the browser.
import { describe, expect, it } from 'vitest';
import { findBreakingChanges, type Finding } from './lib/breaking.ts';
import type { Json } from './lib/openapi.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });

function baseContract(): Json {
  return {
    openapi: '3.1.0',
    info: { title: 'breaking-change fixture', version: '1' },
    paths: {
      '/orders/{orderId}': {
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getOrder',
          parameters: [{ name: 'view', in: 'query', schema: { type: 'string', enum: ['short', 'full'] } }],
          responses: {
            '200': { description: 'The order.', content: json(ref('Order')) },
            '404': { description: 'Unknown.', content: { 'application/problem+json': { schema: ref('Problem') } } },
          },
        },
      },
      '/orders': {
        post: {
          operationId: 'createOrder',
          requestBody: { content: json(ref('OrderRequest')) },
          responses: { '201': { description: 'Created.', content: json(ref('Order')) } },
        },
      },
    },
    components: {
      schemas: {
        Order: {
          type: 'object',
          required: ['id', 'status'],
          properties: {
            id: { type: 'string' },
            status: { type: 'string', enum: ['open', 'closed'] },
            total: { allOf: [ref('Money')] },
            lines: { type: 'array', items: ref('Line') },
            payment: { oneOf: [ref('Card'), ref('Bank')] },
            previous: ref('Order'),
          },
        },
        Money: { type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string' } } },
        Line: { type: 'object', properties: { sku: { type: 'string' } } },
        Card: { type: 'object', properties: { kind: { const: 'card' }, last4: { type: 'string' } } },
        Bank: { type: 'object', properties: { kind: { const: 'bank' }, iban: { type: 'string' } } },
        Problem: { type: 'object', properties: { type: { type: 'string' }, title: { type: 'string' } } },
        OrderRequest: {
          type: 'object',
          required: ['sku'],
          properties: {
            sku: { type: 'string' },
            quantity: { type: 'integer' },
            note: { type: 'string' },
            channel: { type: 'string', enum: ['web', 'app'] },
            delivery: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
          },
        },
      },
    },
  };
}

const GET = 'GET /orders/{orderId}';
const POST = 'POST /orders';
const GET_OP = '/paths/~1orders~1{orderId}/get';
const POST_OP = '/paths/~1orders/post';
const S = '/components/schemas';

type Row = [name: string, change: (doc: Json) => void, expected: [operation: string, kind: string, pointer: string][]];

const breaking: Row[] = [
  ['a removed path', (d) => delete d.paths['/orders'], [[POST, 'operation-removed', POST_OP]]],
  ['a removed operation', (d) => delete d.paths['/orders/{orderId}'].get, [[GET, 'operation-removed', GET_OP]]],
  [
    'a removed response property (both operations answer Order)',
    (d) => delete d.components.schemas.Order.properties.lines,
    [
      [GET, 'response-property-removed', `${S}/Order/properties/lines`],
      [POST, 'response-property-removed', `${S}/Order/properties/lines`],
    ],
  ],
  [
    'a removed response property through allOf',
    (d) => delete d.components.schemas.Money.properties.amount,
    [
      [GET, 'response-property-removed', `${S}/Money/properties/amount`],
      [POST, 'response-property-removed', `${S}/Money/properties/amount`],
    ],
  ],
  [
    'a removed response property of one oneOf alternative',
    (d) => delete d.components.schemas.Card.properties.last4,
    [
      [GET, 'response-property-removed', `${S}/Card/properties/last4`],
      [POST, 'response-property-removed', `${S}/Card/properties/last4`],
    ],
  ],
  [
    'a removed response property of array items',
    (d) => {
      delete d.paths['/orders'];
      delete d.components.schemas.Line.properties.sku;
    },
    [
      [GET, 'response-property-removed', `${S}/Line/properties/sku`],
      [POST, 'operation-removed', POST_OP],
    ],
  ],
  [
    'a removed property of a 4xx problem',
    (d) => delete d.components.schemas.Problem.properties.title,
    [[GET, 'response-property-removed', `${S}/Problem/properties/title`]],
  ],
  [
    'a removed response enum value',
    (d) => (d.components.schemas.Order.properties.status.enum = ['open']),
    [
      [GET, 'response-enum-value-removed', `${S}/Order/properties/status/enum/1`],
      [POST, 'response-enum-value-removed', `${S}/Order/properties/status/enum/1`],
    ],
  ],
  [
    'a changed response const (a oneOf discriminator value)',
    (d) => (d.components.schemas.Bank.properties.kind.const = 'sepa'),
    [
      [GET, 'response-enum-value-removed', `${S}/Bank/properties/kind/const`],
      [POST, 'response-enum-value-removed', `${S}/Bank/properties/kind/const`],
    ],
  ],
  [
    'a response type changed (string to integer)',
    (d) => (d.components.schemas.Order.properties.id.type = 'integer'),
    [
      [GET, 'response-type-changed', `${S}/Order/properties/id`],
      [POST, 'response-type-changed', `${S}/Order/properties/id`],
    ],
  ],
  [
    'a response value that may now be null',
    (d) => (d.components.schemas.Order.properties.total = { anyOf: [ref('Money'), { type: 'null' }] }),
    [
      [GET, 'response-type-changed', `${S}/Order/properties/total/anyOf/1`],
      [POST, 'response-type-changed', `${S}/Order/properties/total/anyOf/1`],
    ],
  ],
  [
    'a required response property made optional',
    (d) => (d.components.schemas.Order.required = ['id']),
    [
      [GET, 'response-property-optional', `${S}/Order/properties/status`],
      [POST, 'response-property-optional', `${S}/Order/properties/status`],
    ],
  ],
  [
    'a removed 2xx response',
    (d) => delete d.paths['/orders'].post.responses['201'],
    [[POST, 'response-removed', `${POST_OP}/responses/201`]],
  ],
  [
    'a parameter newly required',
    (d) => (d.paths['/orders/{orderId}'].get.parameters[0].required = true),
    [[GET, 'parameter-newly-required', `${GET_OP}/parameters/0`]],
  ],
  [
    'a new required parameter',
    (d) => d.paths['/orders/{orderId}'].get.parameters.push({ name: 'market', in: 'header', required: true }),
    [[GET, 'parameter-newly-required', `${GET_OP}/parameters/1`]],
  ],
  [
    'a removed parameter',
    (d) => (d.paths['/orders/{orderId}'].get.parameters = []),
    [[GET, 'parameter-removed', `${GET_OP}/parameters/0`]],
  ],
  [
    'a removed enum value of a parameter',
    (d) => (d.paths['/orders/{orderId}'].get.parameters[0].schema.enum = ['full']),
    [[GET, 'request-enum-value-removed', `${GET_OP}/parameters/0/schema/enum/0`]],
  ],
  [
    'a request body newly required',
    (d) => (d.paths['/orders'].post.requestBody.required = true),
    [[POST, 'request-body-newly-required', `${POST_OP}/requestBody`]],
  ],
  [
    'a request property newly required',
    (d) => d.components.schemas.OrderRequest.required.push('quantity'),
    [[POST, 'request-property-newly-required', `${S}/OrderRequest/properties/quantity`]],
  ],
  [
    'a new required request property',
    (d) => {
      d.components.schemas.OrderRequest.properties.market = { type: 'string' };
      d.components.schemas.OrderRequest.required.push('market');
    },
    [[POST, 'request-property-newly-required', `${S}/OrderRequest/properties/market`]],
  ],
  [
    'a removed request property',
    (d) => delete d.components.schemas.OrderRequest.properties.note,
    [[POST, 'request-property-removed', `${S}/OrderRequest/properties/note`]],
  ],
  [
    'a removed request enum value',
    (d) => (d.components.schemas.OrderRequest.properties.channel.enum = ['web']),
    [[POST, 'request-enum-value-removed', `${S}/OrderRequest/properties/channel/enum/1`]],
  ],
  [
    'a request type narrowed (string to integer)',
    (d) => (d.components.schemas.OrderRequest.properties.note.type = 'integer'),
    [[POST, 'request-type-narrowed', `${S}/OrderRequest/properties/note`]],
  ],
  [
    'a free request string restricted to an enum',
    (d) => (d.components.schemas.OrderRequest.properties.note.enum = ['gift']),
    [[POST, 'request-type-narrowed', `${S}/OrderRequest/properties/note/enum`]],
  ],
  [
    'a removed oneOf alternative of a request field',
    (d) => (d.components.schemas.OrderRequest.properties.delivery.oneOf = [{ type: 'string' }]),
    [[POST, 'request-type-narrowed', `${S}/OrderRequest/properties/delivery/oneOf/1`]],
  ],
  [
    'a removed request media type',
    (d) => (d.paths['/orders'].post.requestBody.content = { 'application/x-www-form-urlencoded': { schema: {} } }),
    [[POST, 'request-media-type-removed', `${POST_OP}/requestBody/content/application~1json`]],
  ],
];

const notBreaking: [name: string, change: (doc: Json) => void][] = [
  ['a new path and operation', (d) => (d.paths['/baskets'] = { get: { responses: { '200': { description: 'ok' } } } })],
  ['a new method on a path', (d) => (d.paths['/orders'].get = { responses: { '200': { description: 'ok' } } })],
  ['a renamed path parameter', (d) => renamePathParameter(d)],
  ['a new response property', (d) => (d.components.schemas.Order.properties.placedAt = { type: 'string' })],
  [
    'a new required response property',
    (d) => {
      d.components.schemas.Order.properties.placedAt = { type: 'string' };
      d.components.schemas.Order.required.push('placedAt');
    },
  ],
  ['a new response enum value', (d) => d.components.schemas.Order.properties.status.enum.push('refunded')],
  ['a removed 4xx response', (d) => delete d.paths['/orders/{orderId}'].get.responses['404']],
  ['a new optional parameter', (d) => d.paths['/orders/{orderId}'].get.parameters.push({ name: 'x', in: 'query' })],
  ['a request property newly optional', (d) => (d.components.schemas.OrderRequest.required = [])],
  ['a new optional request property', (d) => (d.components.schemas.OrderRequest.properties.gift = { type: 'boolean' })],
  ['a new request enum value', (d) => d.components.schemas.OrderRequest.properties.channel.enum.push('kiosk')],
  [
    'a request type widened (integer to number)',
    (d) => (d.components.schemas.OrderRequest.properties.quantity.type = 'number'),
  ],
  [
    'a request field that may now be null',
    (d) => (d.components.schemas.OrderRequest.properties.note.type = ['string', 'null']),
  ],
  [
    'a $ref replaced by the same schema inline',
    (d) => (d.components.schemas.Order.properties.total = structuredClone(d.components.schemas.Money)),
  ],
  ['descriptions and examples', (d) => (d.components.schemas.Order.description = 'An order.')],
];

function renamePathParameter(d: Json): void {
  const item = d.paths['/orders/{orderId}'];
  item.parameters[0].name = 'id';
  delete d.paths['/orders/{orderId}'];
  d.paths['/orders/{id}'] = item;
}

const summary = (findings: Finding[]) => findings.map((f) => [f.operation, f.kind, f.pointer]);

describe('breaking changes of the proxy contract for the browser (issue 15, CI)', () => {
  it('finds nothing between a contract and itself', () => {
    expect(findBreakingChanges(baseContract(), baseContract())).toEqual([]);
  });

  it.each(breaking)('reports %s', (_name, change, expected) => {
    const next = baseContract();
    change(next);
    expect(summary(findBreakingChanges(baseContract(), next))).toEqual(expected);
  });

  it.each(notBreaking)('does not report %s', (_name, change) => {
    const next = baseContract();
    change(next);
    expect(findBreakingChanges(baseContract(), next)).toEqual([]);
  });

  it('names the operationId, the document the pointer is in and what changed', () => {
    const next = baseContract();
    delete next.components.schemas.Order.properties.id;
    const added = baseContract();
    added.components.schemas.OrderRequest.required.push('note');
    const [removed] = findBreakingChanges(baseContract(), next);
    const [required] = findBreakingChanges(baseContract(), added);
    expect(removed).toMatchObject({
      operationId: 'getOrder',
      document: 'base',
      message: '200 response.id was removed',
    });
    expect(required).toMatchObject({
      operationId: 'createOrder',
      document: 'new',
      message: 'request body.note is newly required',
    });
  });
});
