/**
 * A plan's period in words (account §9: 'one-year plan'): English spells the number, as the
 * storefront document writes it; the other languages write their own phrase with the figure.
 */
import { htmlLang } from '../../../../domain/locales.ts';
import { numberToWords } from '../../../../domain/price.ts';
import type { TFunction } from '../../lib/translator.ts';
import type { Language } from '../../lib/locales.ts';

export function planPeriod(
  t: TFunction,
  language: Language,
  plan: { duration: number; durationType: 'year' | 'month' | 'once' },
): string {
  if (plan.durationType === 'once') return t('renewal.plan.once');
  const words = htmlLang(language) === 'en' ? numberToWords(plan.duration) : String(plan.duration);
  return t(`account.planPeriod.${plan.durationType}`, { count: plan.duration, words });
}
