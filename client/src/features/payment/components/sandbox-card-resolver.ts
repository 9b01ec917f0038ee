/**
 * The sandbox card form's resolver, with Zod: sandbox-card-form.tsx loads it when the form first
 * validates or is focused (issue 35).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { zTokenizeSandboxCardBody } from '../../../../../generated/proxy/zod-mini/zod.gen.ts';
import type { SandboxCardRequest } from '../api/tokenize-sandbox-card.ts';
import { cardErrors, type CardFields } from './card-errors.ts';

/**
 * The card form's schema: the spec's checks with their messages (cardErrors, storefront §5 Card
 * form), then the fields as the contract's request body, checked by it (zTokenizeSandboxCardBody).
 */
function cardFormSchema(provider: SandboxCardRequest['provider']) {
  return z.pipe(
    z.object({ number: z.string(), expiry: z.string(), cvc: z.string(), holder: z.string() }).check(
      z.superRefine((card, ctx) => {
        for (const [field, message] of Object.entries(cardErrors(card.number, card.expiry, card.cvc))) {
          ctx.addIssue({ code: 'custom', path: [field], message });
        }
      }),
    ),
    z.pipe(
      z.transform(({ number, expiry, cvc, holder }: CardFields): SandboxCardRequest => {
        const [mm, yy] = expiry.replace(/\s/g, '').split('/');
        return {
          provider,
          number: number.replace(/\D/g, ''),
          expMonth: Number(mm),
          expYear: Number(yy),
          cvc,
          ...(holder.trim() ? { holderName: holder.trim() } : {}),
        };
      }),
      zTokenizeSandboxCardBody,
    ),
  );
}

export const sandboxCardResolver = (provider: SandboxCardRequest['provider']) => zodResolver(cardFormSchema(provider));
