// `make sandbox`: the stateful stand-ins for every upstream on http://localhost:4010 (PORT overrides).
import { parseShopOrigins } from './core/shop-origins.ts';
import { buildSandbox } from './sandbox.ts';

const started = performance.now();
// SANDBOX_SHOP_ORIGINS: the shop's origins, comma-separated, that the OAuth clients register as redirect
// targets (core/shop-origins.ts; `make start` gives the proxy's PUBLIC_ORIGIN); http://localhost:3000 when unset.
let shopOrigins: readonly string[];
try {
  shopOrigins = parseShopOrigins(process.env.SANDBOX_SHOP_ORIGINS);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// SANDBOX_WEBHOOK_URL: where the Stripe and Adyen stand-ins send their signed webhooks (`make start`
// gives the proxy's http://localhost:3000/api/webhooks); none when unset.
const sandbox = buildSandbox({ webhookUrl: process.env.SANDBOX_WEBHOOK_URL?.trim() || undefined, shopOrigins });
const port = await sandbox.start(Number(process.env.PORT ?? 4010));
console.log(
  `sandbox listening on http://localhost:${port} in ${Math.round(performance.now() - started)} ms ` +
    '(/commerce /som /vehicles /identity /adyen /stripe /loqate /sentry, controls under /__sandbox; ' +
    `shop origins ${shopOrigins.join(', ')})`,
);

const stop = async (): Promise<void> => {
  await sandbox.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
