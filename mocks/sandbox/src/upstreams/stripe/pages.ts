/**
 * The Stripe stand-in's shopper-facing pages, outside the API: the 3-D Secure challenge and the bank
 * page (iDEAL, Bancontact) a SetupIntent in requires_action redirects to, with Complete (or
 * Authorise) and Fail; the shopper then returns to the SetupIntent's return URL. Authorised at the
 * bank, the set-up generates the SEPA Direct Debit method (setup-attempts.ts).
 */
import type { Request, Response, Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { renderActionPage, renderMessagePage, withQuery } from '../card-providers.ts';
import { authenticationFailure, setupIntentResponse } from './api.ts';
import { sendSetupIntentEvent } from './events.ts';
import { attemptFailed, attemptSucceeded } from './setup-attempts.ts';
import { store, type StoredSetupIntent } from './store.ts';

export function registerActionPages(router: Router, context: SandboxContext): void {
  // ---- The shopper-facing pages (3-D Secure challenge and bank page), outside the API ----
  const pageIntent = (req: Request, res: Response, kind: 'challenge' | 'bank'): StoredSetupIntent | undefined => {
    const intent = store.setupIntents.get(String(req.params.intent));
    if (!intent || intent.action !== kind || intent.object.status !== 'requires_action') {
      res
        .status(intent ? 409 : 404)
        .type('html')
        .send(
          renderMessagePage(
            intent ? 'This authentication is no longer open' : 'Unknown authentication',
            intent
              ? `The setup ${intent.object.id} is ${intent.object.status}; there is nothing left to confirm here.`
              : 'The sandbox knows no setup with this id.',
          ),
        );
      return undefined;
    }
    return intent;
  };

  for (const kind of ['challenge', 'bank'] as const) {
    router.get(`/__${kind}/:intent`, (req, res) => {
      const intent = pageIntent(req, res, kind);
      if (!intent) return;
      const method = intent.object.payment_method ? store.paymentMethods.get(intent.object.payment_method) : undefined;
      const card = method?.object.card;
      const what =
        card !== undefined
          ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`
          : method?.object.type === 'ideal'
            ? `iDEAL${method.object.ideal?.bank ? ` (${method.object.ideal.bank})` : ''}`
            : 'Bancontact';
      res.type('html').send(
        renderActionPage({
          title: kind === 'challenge' ? '3-D Secure challenge' : 'Authorise at your bank',
          provider: 'Stripe sandbox',
          details: [
            [kind === 'challenge' ? 'Card' : 'Payment method', what],
            ['Amount', 'No charge now: the payment method is saved for future payments'],
            ['Setup', intent.object.id],
          ],
          action: `${context.baseUrl()}/stripe/__${kind}/${intent.object.id}`,
          completeLabel: kind === 'challenge' ? 'Complete' : 'Authorise',
          failLabel: 'Fail',
        }),
      );
    });

    router.post(`/__${kind}/:intent`, (req, res) => {
      const intent = pageIntent(req, res, kind);
      if (!intent) return;
      const outcome = (req.body as Record<string, unknown> | undefined)?.outcome;
      if (outcome !== 'complete' && outcome !== 'fail') {
        res
          .status(400)
          .type('html')
          .send(renderMessagePage('Choose an outcome', 'Press Complete (or Authorise) or Fail.'));
        return;
      }
      const method = intent.object.payment_method ? store.paymentMethods.get(intent.object.payment_method) : undefined;
      intent.object.next_action = null;
      intent.action = null;
      if (outcome === 'complete') {
        intent.object.status = 'succeeded';
        intent.object.last_setup_error = null;
        // A card is attached; an iDEAL or Bancontact set-up generates the SEPA Direct Debit method.
        if (method) attemptSucceeded(context, intent, method);
      } else {
        intent.object.status = 'requires_payment_method';
        intent.object.last_setup_error = authenticationFailure(method?.object.type ?? 'card');
        attemptFailed(intent, intent.object.last_setup_error);
        intent.object.payment_method = null;
      }
      const attempt = [...store.ledger].reverse().find((a) => a.setupIntent === intent.object.id);
      if (attempt) attempt.outcome = outcome === 'complete' ? 'succeeded' : 'failed';
      const event = outcome === 'complete' ? 'setup_intent.succeeded' : 'setup_intent.setup_failed';
      sendSetupIntentEvent(context, event, setupIntentResponse(intent));
      if (!intent.returnUrl) {
        res
          .type('html')
          .send(
            renderMessagePage(
              outcome === 'complete' ? 'Authentication complete' : 'Authentication failed',
              'You can close this window.',
            ),
          );
        return;
      }
      res.redirect(
        303,
        withQuery(intent.returnUrl, {
          setup_intent: intent.object.id,
          setup_intent_client_secret: intent.object.client_secret ?? '',
          redirect_status: outcome === 'complete' ? 'succeeded' : 'failed',
        }),
      );
    });
  }
}
