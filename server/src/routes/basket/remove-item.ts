import { zRemoveItemPath } from '../../../../generated/proxy/zod/zod.gen.ts';
import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { shopperOf } from '../../http/shopper.ts';
import { removeItem as remove } from '../../services/basket/basket-operations.ts';
import { parsePath } from '../../validate.ts';

/** DELETE /api/basket/items/{itemId}. */
export const removeItem: Handler = async (req, res, ctx) => {
  const { itemId } = parsePath(zRemoveItemPath, req);
  sendPrivate(res, await remove(ctx, await shopperOf(req, res, ctx), itemId));
};
