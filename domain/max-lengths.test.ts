/**
 * The contract's maxLengths as the browser's inputs read them without Zod (generated/proxy/max-lengths.ts,
 * scripts/generate.ts; docs/decisions/004, issue 35) are the ones the generated Zod schemas check:
 * every entry of the table, and every string property of those schemas that Zod limits.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { maxLengths } from '../generated/proxy/max-lengths.ts';
import * as schemas from '../generated/proxy/zod-mini/zod.gen.ts';

/**
 * The longest a generated string schema (optional or nullable too) lets through, as zod's JSON
 * Schema output reads it: its max_length check, or its length_equals check (minLength = maxLength).
 */
function zodMaxLength(schema: z.ZodMiniType): number | undefined {
  const { def } = schema;
  if ('innerType' in def) return zodMaxLength(def.innerType as z.ZodMiniType);
  if (def.type !== 'string') return undefined;
  for (const check of def.checks ?? []) {
    const checkDef = check._zod.def as { check: string; maximum?: number; length?: number };
    if (checkDef.check === 'max_length' && checkDef.maximum !== undefined) return checkDef.maximum;
    if (checkDef.check === 'length_equals' && checkDef.length !== undefined) return checkDef.length;
  }
  return undefined;
}

/** Each generated object schema's properties that Zod limits, by schema name. */
function zodLimits(names: string[]): Record<string, Record<string, number>> {
  const limits: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const schema = (schemas as Record<string, unknown>)[`z${name}`] as z.ZodMiniObject | undefined;
    if (!schema) throw new Error(`no generated schema z${name}`);
    const fields = Object.entries(schema.shape).flatMap(([field, property]) => {
      const max = zodMaxLength(property as z.ZodMiniType);
      return max === undefined ? [] : [[field, max] as const];
    });
    if (fields.length > 0) limits[name] = Object.fromEntries(fields);
  }
  return limits;
}

describe('generated maxLengths', () => {
  it("when the table is read beside the generated Zod schemas, then each of its schemas' limits are Zod's", () => {
    expect(maxLengths).toEqual(zodLimits(Object.keys(maxLengths)));
  });

  it('when the forms read their limits, then they are the spec\'s (storefront §5 address and e-mail, account §5 "at most 150")', () => {
    expect(maxLengths.Address).toMatchObject({
      firstName: 100,
      lastName: 100,
      address1: 100,
      city: 40,
      postalCode: 11,
    });
    expect(maxLengths.CustomerEmailRequest.email).toBe(254);
    expect(maxLengths.RefundRequest.additionalInfo).toBe(150);
  });
});
