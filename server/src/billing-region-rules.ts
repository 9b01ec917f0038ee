/** BILLING_REGION_RULES (account §5; docs/decisions/008): each market's restricted-region rule, read by config.ts. */
import { z } from 'zod';
import { defaultBillingRegionRule, type BillingRegionRule } from '../../domain/postal-codes.ts';
import { MARKETS } from '../../domain/locales.ts';

const zBillingRegionRules = z.record(
  z.string().regex(/^[A-Z]{2}$/, 'a market country code'),
  z.object({
    countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
    excludedPostalCodes: z.record(z.string().regex(/^[A-Z]{2}$/), z.string()).default({}),
  }),
);

/** Every market's rule: the default (domain/postal-codes.ts), replaced where BILLING_REGION_RULES names the market. */
export function billingRegionRules(json: string, problems: string[]): Record<string, BillingRegionRule> {
  const rules: Record<string, BillingRegionRule> = Object.fromEntries(
    MARKETS.map((m) => [m.country, defaultBillingRegionRule(m.country)]),
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    problems.push('BILLING_REGION_RULES: not JSON');
    return rules;
  }
  const result = zBillingRegionRules.safeParse(parsed);
  if (!result.success) {
    problems.push(
      `BILLING_REGION_RULES: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
    return rules;
  }
  for (const [market, rule] of Object.entries(result.data)) {
    if (!rules[market]) {
      problems.push(`BILLING_REGION_RULES: ${market} is not a market of the shop`);
      continue;
    }
    const excludedPostalCodes: Record<string, RegExp> = {};
    for (const [country, pattern] of Object.entries(rule.excludedPostalCodes)) {
      try {
        excludedPostalCodes[country] = new RegExp(pattern);
      } catch {
        problems.push(`BILLING_REGION_RULES: ${market}.${country} is not a regular expression`);
      }
    }
    rules[market] = { countries: rule.countries, excludedPostalCodes };
  }
  return rules;
}
