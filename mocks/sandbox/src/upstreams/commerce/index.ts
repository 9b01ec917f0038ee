/**
 * The commerce platform stand-in (`/commerce`): shopper login (SLAS), baskets, orders, products,
 * customers, classic OCAPI shop calls and storefront controllers, with real state seeded from
 * seed.ts and the module's own content. Controls: `POST /commerce/__sandbox/token-lifetime
 * {"seconds": 5}`, `POST /commerce/__sandbox/maintenance {"on": true}`,
 * `POST /commerce/__sandbox/preferences/{country} {"c_billingMismatchControl": true}` (a region's
 * control switched until the next reset; DESIGN.md's seed has it on in GB and FR), and the shopper tokens'
 * (token-controls.ts): `POST /commerce/__sandbox/shoppers/{login}/revoke`,
 * `GET /commerce/__sandbox/token-requests`.
 */
import express, { type Router } from 'express';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { authRouter } from './auth.ts';
import { basketsRouter } from './baskets.ts';
import { imagesRouter, productsRouter, promotionsRouter } from './catalog.ts';
import { classicRouter } from './classic.ts';
import { customersRouter } from './customers.ts';
import { errorBody, finalErrorHandler, problem } from './errors.ts';
import { customPreferences } from './content.ts';
import { connectStandIns } from './integration.ts';
import { ordersRouter } from './orders.ts';
import { resetState } from './seed-state.ts';
import { setMaintenance, setTokenLifetime, state } from './state.ts';
import { tokenControls, tokenRequestLog } from './token-controls.ts';

export { onOrderPlaced, getOrderByNo, failOrderByNo } from './orders.ts';
export { setTokenLifetime, setMaintenance } from './state.ts';

const ORG = '/organizations/:organizationId';

function controls(): Router {
  const router = express.Router();
  router.use(express.json());
  router.post('/token-lifetime', (req, res) => {
    const seconds = (req.body as { seconds?: unknown } | undefined)?.seconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) {
      res.status(400).json({ error: 'Give seconds: an integer from 1 to 86400.' });
      return;
    }
    setTokenLifetime(seconds);
    res.json({ tokenLifetimeSeconds: state.tokenLifetimeS });
  });
  router.post('/maintenance', (req, res) => {
    const on = (req.body as { on?: unknown } | undefined)?.on;
    if (typeof on !== 'boolean') {
      res.status(400).json({ error: 'Give on: true or false.' });
      return;
    }
    setMaintenance(on);
    res.json({ maintenance: state.maintenance });
  });
  router.post('/preferences/:country', (req, res) => {
    const country = String(req.params.country).toUpperCase();
    const control = (req.body as { c_billingMismatchControl?: unknown } | undefined)?.c_billingMismatchControl;
    if (!customPreferences(country) || typeof control !== 'boolean') {
      res.status(400).json({ error: 'Give a market country in the path and c_billingMismatchControl: true or false.' });
      return;
    }
    state.preferenceOverrides.set(country, { c_billingMismatchControl: control });
    res.json(customPreferences(country));
  });
  return router;
}

function commerceRouter(context: SandboxContext): Router {
  resetState(context.clock);
  context.resetHooks.push(() => resetState(context.clock));
  connectStandIns(context);

  const router = express.Router();
  router.use('/__sandbox', controls(), tokenControls());
  router.use(imagesRouter());
  router.use(`/shopper/auth/v1${ORG}`, ...tokenRequestLog(context), authRouter(context));
  router.use(`/checkout/shopper-baskets/v1${ORG}`, basketsRouter(context));
  router.use(`/checkout/shopper-orders/v1${ORG}`, ordersRouter(context));
  router.use(`/product/shopper-products/v1${ORG}`, productsRouter(context));
  router.use(`/customer/shopper-customers/v1${ORG}`, customersRouter(context));
  router.use(`/pricing/shopper-promotions/v1${ORG}`, promotionsRouter(context));
  router.use(classicRouter(context));
  router.use((req, res) => {
    problem(res, 404, 'not-found', 'Not Found', `No commerce resource at ${req.method} ${req.path}.`);
  });
  router.use(finalErrorHandler);
  return router;
}

export const commerceModule: UpstreamModule = {
  upstream: 'commerce',
  errorBody,
  router: commerceRouter,
};
