/**
 * Following Adyen's action outside its component (sandbox mode's card form, the account's saving):
 * a redirect by GET opens the URL; a redirect by POST submits a form with the action's `data` to
 * the action's URL, as Adyen's own redirect component does
 * (docs.adyen.com/online-payments/build-your-integration/advanced-flow, "Handle the redirect").
 */
import type { components } from '../../../lib/api/client.ts';

export type AdyenActionAnswer = components['schemas']['AdyenActionAnswer'];
export type AdyenAction = components['schemas']['AdyenAction'];
/** The component's onAdditionalDetails state.data the proxy takes (PaymentDetailsRequest.details). */
export type AdyenDetails = Pick<components['schemas']['PaymentDetailsRequest'], 'details'>;

/** The form a redirect by POST submits: method POST, the action's URL, one hidden field per `data` entry. */
export function buildRedirectForm(action: AdyenAction, doc: Document = document): HTMLFormElement {
  if (action.type !== 'redirect' || !action.url) throw new Error('Not a redirect action');
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(action.data ?? {})) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  return form;
}

/** Follows a redirect action: GET opens the URL, POST submits the action's data to it. */
export function followRedirect(action: AdyenAction, doc: Document = document): void {
  if (action.type !== 'redirect' || !action.url) throw new Error('Not a redirect action');
  if ((action.method ?? 'GET') === 'GET') {
    doc.defaultView?.location.assign(action.url);
    return;
  }
  const form = buildRedirectForm(action, doc);
  doc.body.append(form);
  form.submit();
}
