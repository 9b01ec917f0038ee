import { describe, expect, it } from 'vitest';
import errorSchema from './error-schema.js';
import namedExamples from './named-examples.js';
import singleDefinedTag from './single-defined-tag.js';

const doc = {
  info: { 'x-error-schemas': ['Problem'] },
  tags: [{ name: 'basket' }],
  components: {
    responses: {
      NotFound: { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
    },
  },
};
const context = (data: unknown) => ({ document: { data }, path: ['paths', '/x', 'get', 'responses'] });

describe('error-schema', () => {
  it('when a 4xx response references a declared error schema, then nothing is reported', () => {
    const responses = {
      '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
    };
    expect(errorSchema(responses, {}, context(doc))).toEqual([]);
  });
  it('when a 5xx response references another schema, then it is reported', () => {
    const responses = {
      '502': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Basket' } } } },
    };
    expect(errorSchema(responses, {}, context(doc))).toHaveLength(1);
  });
  it('when an error response is a $ref to a shared response, then the shared response is checked', () => {
    expect(errorSchema({ '404': { $ref: '#/components/responses/NotFound' } }, {}, context(doc))).toEqual([]);
  });
  it('when an error response has no body, then it is reported', () => {
    expect(errorSchema({ '400': { description: 'bad' } }, {}, context(doc))).toHaveLength(1);
  });
  it('when a response is 2xx or 3xx, then it is not checked', () => {
    expect(
      errorSchema({ '200': { description: 'ok' }, '303': { description: 'see other' } }, {}, context(doc)),
    ).toEqual([]);
  });
});

describe('named-examples', () => {
  it('when a body has named examples with summaries and values, then nothing is reported', () => {
    expect(namedExamples({ examples: { emptyList: { summary: 'No items', value: [] } } })).toEqual([]);
  });
  it('when a body has no examples, then it is reported', () => {
    expect(namedExamples({ schema: {} })).toHaveLength(1);
  });
  it('when an example lacks a summary or a value, or has a badly formed name, then each is reported', () => {
    expect(namedExamples({ examples: { 'Bad-Name': { value: 1 }, ok: { summary: 's' } } })).toHaveLength(3);
  });
});

describe('single-defined-tag', () => {
  it('when an operation has one declared tag, then nothing is reported', () => {
    expect(singleDefinedTag({ tags: ['basket'] }, {}, context(doc))).toEqual([]);
  });
  it('when an operation has an undeclared tag or several tags, then it is reported', () => {
    expect(singleDefinedTag({ tags: ['orders'] }, {}, context(doc))).toHaveLength(1);
    expect(singleDefinedTag({ tags: ['basket', 'orders'] }, {}, context(doc))).toHaveLength(1);
  });
});
