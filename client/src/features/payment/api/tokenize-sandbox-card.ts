/**
 * tokenizeSandboxCard (POST /api/sandbox/card-tokens): sandbox mode's stand-in for Stripe.js and
 * Adyen's secured fields: the card becomes the token the provider's own form would make.
 */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

export type SandboxCardRequest = components['schemas']['SandboxCardRequest'];

const tokenizeSandboxCard = (body: SandboxCardRequest) =>
  request(api.POST('/sandbox/card-tokens', { params: { header: CSRF }, body }));

export const useTokenizeSandboxCard = () => useMutation('tokenizeSandboxCard', tokenizeSandboxCard);
