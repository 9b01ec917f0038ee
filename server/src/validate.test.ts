import type { Request } from 'express';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { zPlaceOrderRequest } from '../../generated/proxy/zod/zod.gen.ts';
import { ADYEN_BROWSER_INFO } from './testing/payments.ts';
import { parseBody, parseQuery } from './validate.ts';

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

describe('parseBody with the contract’s closed objects', () => {
  const body = (value: unknown) => ({ body: value, is: () => 'application/json' }) as unknown as Request;
  const refusal = (value: unknown) => {
    try {
      parseBody(zPlaceOrderRequest, body(value));
    } catch (caught) {
      return caught as AppError;
    }
    throw new Error('accepted');
  };
  const order = { provider: 'stripe', paymentMethodType: 'CREDIT_CARD', sandboxCardToken: 'tok' };

  it('when a closed object (additionalProperties: false) gets a key it does not declare, then 400 naming each key', () => {
    const error = refusal({ ...order, amount: 1, currency: 'EUR' });
    expect(error.status).toBe(400);
    expect(error.extra?.errors).toEqual([
      { field: '/amount', message: "Unknown field 'amount'.", code: 'unrecognized_keys' },
      { field: '/currency', message: "Unknown field 'currency'.", code: 'unrecognized_keys' },
    ]);
    const stateData = { browserInfo: { ...ADYEN_BROWSER_INFO, extra: true } };
    expect(refusal({ ...order, adyenStateData: stateData }).extra?.errors).toEqual([
      { field: '/adyenStateData/browserInfo/extra', message: "Unknown field 'extra'.", code: 'unrecognized_keys' },
    ]);
  });

  it('when an open object (Address) gets another key, then it is taken', () => {
    const billingAddress = {
      firstName: 'A',
      lastName: 'B',
      countryCode: 'GB',
      address1: '1 X',
      city: 'Y',
      postalCode: 'SW1A 1AA',
      note: 'x',
    };
    expect(parseBody(zPlaceOrderRequest, body({ ...order, billingAddress }))).toMatchObject({ provider: 'stripe' });
  });
});
