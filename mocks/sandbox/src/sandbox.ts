/**
 * The whole sandbox: every upstream stand-in on one app, with the order-management and saved-card
 * controls. Used by `make sandbox` (main.ts), `make start` and the tests that need the real stand-ins.
 */
import { createSandbox, type Sandbox, type SandboxOptions } from './app.ts';
import { adyenModule } from './upstreams/adyen/index.ts';
import { commerceModule } from './upstreams/commerce/index.ts';
import { identityControls } from './upstreams/identity/directory.ts';
import { identityModule } from './upstreams/identity/index.ts';
import { ledgerControls } from './upstreams/ledger.ts';
import { loqateModule } from './upstreams/loqate/index.ts';
import { sentryRouter } from './upstreams/sentry/index.ts';
import { paymentMethodControls } from './upstreams/payment-method-controls.ts';
import { renewalChargeControls } from './upstreams/renewal-charge.ts';
import { customerControls, somControls, somModule, somOwnershipControls } from './upstreams/som/index.ts';
import { stripeModule } from './upstreams/stripe/index.ts';
import { vehiclesModule } from './upstreams/vehicles/index.ts';

export function buildSandbox(options: SandboxOptions = {}): Sandbox {
  // Order management and vehicles come before commerce: commerce connects to both when it starts.
  const sandbox = createSandbox(
    [somModule, vehiclesModule, identityModule, adyenModule, stripeModule, loqateModule, commerceModule],
    options,
  );
  // POST /__sandbox/orders/{orderNo}/advance walks an order through export, download and installation.
  sandbox.app.use('/__sandbox/orders', somControls);
  // POST /__sandbox/orders/{orderNo}/renewal-charge charges the order's stored method as the order system would (issue 31).
  sandbox.app.use('/__sandbox/orders', renewalChargeControls(sandbox.context));
  // PUT /__sandbox/som/ownership-filter {"enabled": false}: Details answers by order id alone (issue 30).
  sandbox.app.use('/__sandbox/som', somOwnershipControls);
  // POST /__sandbox/customers/{email}/enabled switches a customer's isCustomerEnabled.
  sandbox.app.use('/__sandbox/customers', customerControls);
  // PUT /__sandbox/identity/shoppers/{email}/email changes a shopper's e-mail at the identity provider (issue 31).
  sandbox.app.use('/__sandbox/identity', identityControls());
  // POST /__sandbox/payment-methods/{token}/expiry sets a stored card's expiry (Stripe or Adyen, and its record).
  sandbox.app.use('/__sandbox/payment-methods', paymentMethodControls);
  // GET /__sandbox/ledger: the providers' payments and the orders made since the reset (the money invariant, issue 29).
  sandbox.app.use('/__sandbox/ledger', ledgerControls(sandbox.context));
  // Sentry's envelope ingestion for the shop's error reporting, DSN http://sandboxpublickey@localhost:4010/sentry/1.
  sandbox.app.use('/sentry', sentryRouter(sandbox.context));
  // The stand-ins keep their state in their modules, one per process: a sandbox built after another in
  // the same process (test files sharing their modules, issue 32) starts from the seed, as a new
  // process's does, not with the orders, saved cards and logs of the one before.
  sandbox.reset();
  return sandbox;
}
