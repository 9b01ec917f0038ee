/**
 * The commerce platform refusing the proxy's redirect URI at the guest login (issue 32): SLAS refuses an
 * authorize request whose `redirect_uri` is not registered for the client, and then every page that
 * needs a shopper token answers 502. The per-request warning says only that authorize failed; this
 * says, once per instance and per refused URI and client, at error level, what to configure. A
 * newcomer meets it by moving the shop off port 3000 against a sandbox that registers another origin,
 * a deployment by a PUBLIC_ORIGIN its SLAS clients do not list.
 */
import type { AppContext } from '../../context.ts';

/** The texts of an OAuth error (`error`, `error_description`) or a problem (`title`, `detail`, `message`). */
function texts(body: unknown): string[] {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? [body] : [];
  const record = body as Record<string, unknown>;
  return ['error', 'error_description', 'message', 'title', 'detail']
    .map((name) => record[name])
    .filter((value): value is string => typeof value === 'string');
}

/**
 * Whether an authorize answer is the refusal of its redirect URI: a 400 whose error speaks of the
 * redirect URI (SLAS's "Redirect URI not registered for client '…'", the sandbox's too, or any wording
 * naming `redirect_uri`).
 */
export function refusesRedirectUri(status: number, body: unknown): boolean {
  return status === 400 && texts(body).some((text) => /redirect[ _-]?ur[il]/i.test(text));
}

/** The causes logged already, per instance (its commerce client), as `clientId redirectUri`. */
const logged = new WeakMap<object, Set<string>>();

/**
 * Logs, once per instance and per client and redirect URI, that the commerce platform refused the
 * redirect URI, with what to configure in this upstream mode. True when this call logged it.
 */
export function reportRefusedRedirect(
  ctx: AppContext,
  refusal: { redirectUri: string; clientId: string; error: unknown },
): boolean {
  let causes = logged.get(ctx);
  if (!causes) logged.set(ctx, (causes = new Set()));
  const cause = `${refusal.clientId} ${refusal.redirectUri}`;
  if (causes.has(cause)) return false;
  causes.add(cause);
  const origin = URL.canParse(refusal.redirectUri) ? new URL(refusal.redirectUri).origin : ctx.config.publicOrigin;
  const remedy =
    ctx.config.mode === 'sandbox'
      ? `in the sandbox set SANDBOX_SHOP_ORIGINS=${origin} (\`make start\` sets it from PORT), or give the proxy a PUBLIC_ORIGIN the sandbox registers`
      : `register it for the SLAS client ${refusal.clientId} (SLAS Admin), or set PUBLIC_ORIGIN to an origin registered there`;
  ctx.logger.error(
    { redirectUri: refusal.redirectUri, clientId: refusal.clientId, error: refusal.error },
    `SLAS refused redirect_uri ${refusal.redirectUri} for client ${refusal.clientId} (the guest login fails, pages answer 502): ${remedy}`,
  );
  return true;
}
