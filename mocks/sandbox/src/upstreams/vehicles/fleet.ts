/**
 * The vehicles' connected-services records, shared by the vehicle stand-in (lookup, connected
 * services) and the order-management stand-in (an installed renewal moves the expiry; a refund
 * ends the service). Expiry dates are fixed when the state is seeded (start and
 * `/__sandbox/reset`), from the seed's `cnExpiresInDays` relative to the sandbox clock, so moving
 * the clock afterwards makes services expire.
 */
import { isoDateFromNow, type Clock } from '../../core/clock.ts';
import { encryptedVin, mailToken, SHOPPERS, VEHICLES, type SeedVehicle, type Shopper } from '../../seed.ts';

export interface FleetSubscription {
  productId: string;
  expiryDate: string;
}

export interface FleetVehicle {
  seed: SeedVehicle;
  vehicleLine: string;
  wirelessCarId: string;
  cryptedVin: string;
  userMailToken: string;
  owner: Shopper;
  /**
   * Subscription terms, newest first. A product may have several terms (an earlier, ended term
   * and the current one); `consolidateConNav` folds connected-navigation terms into one entry.
   */
  subscriptions: FleetSubscription[];
}

/** Extra seed terms beside the connected-navigation term of the shared seed (days from now). */
const EXTRA_TERMS: Record<string, Array<{ productId: string; days: number }>> = {
  // alex's vehicle 1 also has the Online Pack, being processed after a purchase (SOM: In progress),
  // and an Adaptive Cruise Control trial that ended 30 days ago: the ADAS page /product offers the
  // feature for its one-time fee.
  ZAAAA1000AA000001: [
    { productId: 'vcs-online-pack', days: 365 },
    { productId: 'vcs-adaptive-cruise', days: -30 },
  ],
  // vehicle 2's earlier connected-navigation term, ended a year before the current one.
  ZAAAA1000AA000002: [{ productId: 'cn-connected-navigation', days: -375 }],
};

const CN = 'cn-connected-navigation';

let fleet: FleetVehicle[] = [];

function lineCode(model: string): string {
  return model
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase()
    .padEnd(3, 'X')
    .slice(0, 3);
}

export function seedFleet(clock: Clock): void {
  fleet = VEHICLES.map((seed) => {
    const owner = SHOPPERS.find((s) => s.handle === seed.owner)!;
    const subscriptions: FleetSubscription[] = [
      { productId: CN, expiryDate: isoDateFromNow(clock, seed.cnExpiresInDays) },
      ...(EXTRA_TERMS[seed.vin] ?? []).map((t) => ({
        productId: t.productId,
        expiryDate: isoDateFromNow(clock, t.days),
      })),
    ];
    return {
      seed,
      vehicleLine: lineCode(seed.model),
      wirelessCarId: `5f2b0c1e-0000-4000-8000-000000${seed.vin.slice(-6)}`,
      cryptedVin: encryptedVin(seed.vin),
      userMailToken: mailToken(seed.vin),
      owner,
      subscriptions,
    };
  });
}

export function fleetVehicles(): readonly FleetVehicle[] {
  return fleet;
}

export function findVehicle(by: {
  vin?: string;
  cryptedVin?: string;
  userMailToken?: string;
}): FleetVehicle | undefined {
  const vin = by.vin?.toUpperCase();
  if (vin) return fleet.find((v) => v.seed.vin === vin);
  if (by.cryptedVin) return fleet.find((v) => v.cryptedVin === by.cryptedVin);
  if (by.userMailToken) return fleet.find((v) => v.userMailToken === by.userMailToken);
  return undefined;
}

/** The latest expiry of a product on a vehicle, if it has the product. */
export function vehicleExpiry(vin: string, productId: string): string | undefined {
  const dates = fleet
    .find((v) => v.seed.vin === vin)
    ?.subscriptions.filter((s) => s.productId === productId)
    .map((s) => s.expiryDate)
    .sort();
  return dates?.[dates.length - 1];
}

/**
 * Sets the current term's expiry of a product on a vehicle (adding the product if the vehicle
 * does not have it yet). Called by the order-management stand-in.
 */
export function setVehicleExpiry(vin: string, productId: string, expiryDate: string): void {
  const vehicle = fleet.find((v) => v.seed.vin === vin);
  if (!vehicle) return;
  const terms = vehicle.subscriptions.filter((s) => s.productId === productId);
  const current = terms.sort((a, b) => b.expiryDate.localeCompare(a.expiryDate))[0];
  if (current) current.expiryDate = expiryDate;
  else vehicle.subscriptions.unshift({ productId, expiryDate });
  vehicle.subscriptions.sort((a, b) => (a.productId === b.productId ? b.expiryDate.localeCompare(a.expiryDate) : 0));
}
