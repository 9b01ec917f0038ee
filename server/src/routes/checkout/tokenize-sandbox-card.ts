import type { ShopperOperation } from '../../http/operation.ts';
import { tokenizeSandboxCard as tokenize } from '../../services/payments/sandbox-methods.ts';

/** POST /api/sandbox/card-tokens (sandbox mode only): the card form's values as a provider token. */
export const tokenizeSandboxCard = {
  access: 'shopper',
  cache: 'no-store',
  status: 201,
  run: (ctx, shopper, { body }) => tokenize(ctx, shopper, body),
} satisfies ShopperOperation<'tokenizeSandboxCard'>;
