import { accountPagePath } from '../../../../domain/pages.ts';
import type { ShopperOperation } from '../../http/operation.ts';
import { helpContent } from '../../services/account/overview.ts';

/** GET /api/account/help (account §2 Help & Support). */
export const getHelpContent = {
  access: { customer: () => accountPagePath('need-help') },
  run: (ctx, shopper) => helpContent(ctx, shopper),
} satisfies ShopperOperation<'getHelpContent'>;
