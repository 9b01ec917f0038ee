/**
 * The Adyen stand-in's shopper-facing pages: the 3-D Secure challenge and the bank page reached by
 * a GET redirect, and the issuer page of a redirect by POST (Adyen's `redirect` action with
 * `method: POST` and `data` {MD, PaReq, TermUrl}: the browser posts the data to the page, which
 * refuses data that is not the payment's). Each page ends by sending the shopper back to the
 * returnUrl with a `redirectResult`: by a 303 after a GET redirect, by a form POST after a POST
 * redirect, as the issuer posts back (docs.adyen.com/online-payments/build-your-integration/advanced-flow).
 */
import express, { type Request, type Response, type Router } from 'express';
import { formatAmount, randomId, renderActionPage, renderMessagePage, withQuery } from '../card-providers.ts';
import { store, type Payment } from './store.ts';

type PageKind = NonNullable<Payment['action']>;

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The page that posts the shopper back to the returnUrl with the redirect result (as an issuer does). */
export function renderPostBackPage(returnUrl: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Returning to the shop – Adyen sandbox</title></head>
<body><main><h1>Returning to the shop</h1>
<form method="post" action="${escapeHtml(returnUrl)}">${inputs}<button type="submit">Continue</button></form>
<script>document.forms[0].submit()</script>
</main></body>
</html>`;
}

const bodyOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

export function mountAdyenPages(router: Router, baseUrl: () => string): void {
  const pagePayment = (req: Request, res: Response, kind: PageKind): Payment | undefined => {
    const payment = store.payments.get(String(req.params.pspReference));
    if (!payment || payment.action !== kind || payment.resultCode !== 'RedirectShopper' || payment.pageOutcome) {
      res
        .status(payment ? 409 : 404)
        .type('html')
        .send(
          renderMessagePage(
            payment ? 'This authentication is no longer open' : 'Unknown payment',
            payment
              ? `The payment ${payment.pspReference} has already been answered.`
              : 'The sandbox knows no payment with this reference.',
          ),
        );
      return undefined;
    }
    return payment;
  };

  const page = (payment: Payment, kind: PageKind, action: string) => {
    const method = payment.card
      ? `${payment.card.brand.toUpperCase()} ending ${payment.card.last4}`
      : payment.paymentMethodType === 'ideal'
        ? 'iDEAL'
        : 'Bancontact';
    return renderActionPage({
      title: kind === 'bank' ? 'Authorise at your bank' : '3-D Secure challenge',
      provider: 'Adyen sandbox',
      details: [
        ['Amount', formatAmount(payment.amount.value, payment.amount.currency)],
        ['Payment method', method],
        ['Reference', payment.merchantReference],
      ],
      action,
      completeLabel: kind === 'bank' ? 'Authorise' : 'Complete',
      failLabel: 'Fail',
    });
  };

  /** The shopper's choice on a page, kept for /payments/details; the redirect result that names it. */
  const answer = (req: Request, res: Response, payment: Payment): string | undefined => {
    const outcome = bodyOf(req).outcome;
    if (outcome !== 'complete' && outcome !== 'fail') {
      res
        .status(400)
        .type('html')
        .send(renderMessagePage('Choose an outcome', 'Press Complete (or Authorise) or Fail.'));
      return undefined;
    }
    payment.pageOutcome = outcome;
    const redirectResult = randomId(48);
    store.redirectResults.set(redirectResult, payment.pspReference);
    return redirectResult;
  };

  const form = express.urlencoded({ extended: false });

  for (const kind of ['challenge', 'bank'] as const) {
    router.get(`/__${kind}/:pspReference`, (req, res) => {
      const payment = pagePayment(req, res, kind);
      if (!payment) return;
      res.type('html').send(page(payment, kind, `${baseUrl()}/adyen/__${kind}/${payment.pspReference}`));
    });

    router.post(`/__${kind}/:pspReference`, form, (req, res) => {
      const payment = pagePayment(req, res, kind);
      if (!payment) return;
      const redirectResult = answer(req, res, payment);
      if (redirectResult) res.redirect(303, withQuery(payment.returnUrl, { redirectResult }));
    });
  }

  // The issuer page of a POST redirect: reached only by posting the action's data.
  router.post('/__issuer/:pspReference', form, (req, res) => {
    const payment = pagePayment(req, res, 'issuer');
    if (!payment) return;
    const body = bodyOf(req);
    const data = payment.postData;
    if (!data || body.MD !== data.MD || body.PaReq !== data.PaReq || body.TermUrl !== data.TermUrl) {
      res
        .status(400)
        .type('html')
        .send(
          renderMessagePage('Invalid authentication request', 'The posted MD, PaReq or TermUrl is not this payment’s.'),
        );
      return;
    }
    res.type('html').send(page(payment, 'issuer', `${baseUrl()}/adyen/__issuer/${payment.pspReference}/answer`));
  });

  router.post('/__issuer/:pspReference/answer', form, (req, res) => {
    const payment = pagePayment(req, res, 'issuer');
    if (!payment) return;
    const redirectResult = answer(req, res, payment);
    if (redirectResult) res.type('html').send(renderPostBackPage(payment.returnUrl, { redirectResult }));
  });
}
