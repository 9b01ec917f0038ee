import type { Request } from 'express';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { parseQuery } from './validate.ts';

const schema = z.object({
  text: z.string(),
  limit: z.int().gte(1).lte(50).optional(),
  skipIsActiveCheck: z.boolean().optional(),
});
const req = (query: Record<string, string>) => ({ query }) as unknown as Request;

describe('parseQuery', () => {
  it('when integers and booleans arrive as strings, then they are read as the contract types', () => {
    expect(parseQuery(schema, req({ text: '10117', limit: '5', skipIsActiveCheck: 'true' }))).toEqual({
      text: '10117',
      limit: 5,
      skipIsActiveCheck: true,
    });
  });

  it('when a coerced value breaks the bounds or is not a number, then a 400 problem names the field', () => {
    for (const limit of ['500', 'ten']) {
      const error = (() => {
        try {
          parseQuery(schema, req({ text: 'x', limit }));
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect(JSON.stringify((error as AppError).extra)).toContain('limit');
    }
  });

  it('when a string field holds digits, then it stays a string', () => {
    expect(parseQuery(schema, req({ text: '12345' })).text).toBe('12345');
  });
});
