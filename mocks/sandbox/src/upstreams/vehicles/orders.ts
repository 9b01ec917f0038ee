/**
 * The commerce orders the renewal page reads and fails through the vehicle services
 * (getOrderById, failOrder). The commerce stand-in owns commerce orders: it implements
 * `OrderStore` and plugs itself in with `setOrderStore`. Until then (and in tests) an in-memory
 * store with the contract's example orders answers.
 */
import type { components } from '../../../../../generated/vehicles/types.ts';
import { SHOPPERS } from '../../seed.ts';

export type VehicleOrder = components['schemas']['Order'];

export interface OrderStore {
  /** The order with this commerce order number, or undefined. */
  getOrder(orderNo: string): VehicleOrder | undefined | Promise<VehicleOrder | undefined>;
  /**
   * Marks a `created` order failed (an order in any other status is returned unchanged, so that a
   * paid order is never failed) and returns it; undefined when there is no such order.
   */
  failOrder(orderNo: string, customerName: string): VehicleOrder | undefined | Promise<VehicleOrder | undefined>;
  /** Back to the seed (called by `/__sandbox/reset`). */
  reset?(): void;
}

const alex = SHOPPERS.find((s) => s.handle === 'alex')!;

function seedOrders(): Map<string, VehicleOrder> {
  const base = {
    customerName: `${alex.firstName} ${alex.lastName}`,
    customerEmail: alex.email,
    currency: 'GBP',
    orderTotal: 99,
  };
  return new Map<string, VehicleOrder>([
    ['00001030', { orderNo: '00001030', status: 'created', ...base, c_stripe_status: null }],
    ['00001031', { orderNo: '00001031', status: 'new', ...base, c_stripe_status: 'succeeded' }],
    ['00001032', { orderNo: '00001032', status: 'failed', ...base, c_stripe_status: 'error' }],
  ]);
}

/** In-memory default: alex's abandoned (00001030), paid (00001031) and failed (00001032) orders. */
export function createMemoryOrderStore(): OrderStore & { put(order: VehicleOrder): void } {
  let orders = seedOrders();
  return {
    getOrder: (orderNo) => {
      const order = orders.get(orderNo);
      return order ? { ...order } : undefined;
    },
    failOrder: (orderNo) => {
      const order = orders.get(orderNo);
      if (!order) return undefined;
      if (order.status === 'created') {
        order.status = 'failed';
        order.c_stripe_status = 'error';
      }
      return { ...order };
    },
    reset: () => {
      orders = seedOrders();
    },
    put: (order) => {
      orders.set(order.orderNo, { ...order });
    },
  };
}

let store: OrderStore = createMemoryOrderStore();

/** Plugs the commerce stand-in's orders in (or a test's store). */
export function setOrderStore(next: OrderStore): void {
  store = next;
}

export function orderStore(): OrderStore {
  return store;
}
