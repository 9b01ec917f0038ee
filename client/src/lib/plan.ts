/** A plan's name in the active language: "1 year", "24 months", "One-time purchase" (messages renewal.plan.*). */
import type { TFunction } from './translator.ts';

export function planLabel(
  t: TFunction,
  plan: { duration?: number | undefined; durationType?: 'year' | 'month' | 'once' | undefined },
): string {
  if (plan.durationType === 'once' || !plan.durationType) return t('renewal.plan.once');
  return t(`renewal.plan.${plan.durationType}`, { count: plan.duration ?? 0 });
}
