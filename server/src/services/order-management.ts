/**
 * The order-management system (account §7: POST controller calls with controllerName SOM and a
 * method name) as the checkout uses it: a paid order of a registered customer flags its record
 * for update (UpdateOmsRecord), found in the customer's order history.
 */
import type { AppContext } from '../context.ts';
import type { Shopper } from './shopper.ts';

/**
 * The shop's storefront type as the order-management system knows it: the one its order queries
 * name (History) and the one each order carries for it (c_SNP_OMS_storefrontType, storefront §3).
 */
export const STOREFRONT_TYPE = 'B2C';

/** Logged, never thrown: the order is paid whatever the order-management system answers. */
export async function flagOrderForUpdate(
  ctx: AppContext,
  shopper: Pick<Shopper, 'session' | 'log'>,
  orderNo: string,
): Promise<void> {
  const userId = shopper.session.principalUUID;
  if (!userId) return;
  try {
    const history = await ctx.upstreams.som.POST('/services/apexrest/SOM/History', {
      body: {
        controllerName: 'SOM',
        methodRequest: 'History',
        query: { userId, storefrontType: STOREFRONT_TYPE, limit: 9999, offset: 0 },
      },
    });
    const records = (
      history.data as { orders?: { records?: Array<{ Id?: string; OrderNumber?: string }> } } | undefined
    )?.orders?.records;
    const record = records?.find((r) => r.OrderNumber === orderNo);
    if (!record?.Id) return;
    await ctx.upstreams.som.POST('/services/apexrest/SOM/UpdateOmsRecord', {
      body: {
        controllerName: 'SOM',
        methodRequest: 'UpdateOmsRecord',
        query: { recordId: record.Id, table: 'OrderSummary', isRecordToBeUpdated: true },
      },
    });
  } catch (error) {
    shopper.log.warn({ err: error, orderNo }, 'order-management record update failed');
  }
}
