/**
 * The POST-redirect form builder (issue 14): Adyen's redirect action with `method: POST` is
 * followed by submitting a form with the action's `data` to its URL
 * (docs.adyen.com/online-payments/build-your-integration/advanced-flow, "Handle the redirect").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRedirectForm, followRedirect, type AdyenAction } from './redirect-form.ts';

const postAction: AdyenAction = {
  type: 'redirect',
  method: 'POST',
  paymentMethodType: 'scheme',
  url: 'http://localhost:4010/adyen/__issuer/SBXP000000000005',
  data: {
    MD: 'md-value',
    PaReq: 'pareq&"value',
    TermUrl: 'http://localhost:3000/fr-FR/payment-confirmation?orderNo=1',
  },
};

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('buildRedirectForm', () => {
  it('when the action is a POST redirect, then the form posts every data entry as a hidden field to the action URL', () => {
    const form = buildRedirectForm(postAction);
    expect(form.method).toBe('post');
    expect(form.action).toBe(postAction.url);
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toEqual(postAction.data);
    expect([...form.querySelectorAll('input')].every((input) => input.type === 'hidden')).toBe(true);
  });

  it('when the action is not a redirect, then it throws', () => {
    expect(() => buildRedirectForm({ type: 'threeDS2', token: 't' })).toThrow();
  });
});

describe('followRedirect', () => {
  it('when the redirect is by POST, then the built form is added to the page and submitted', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    followRedirect(postAction);
    expect(submit).toHaveBeenCalledTimes(1);
    const form = document.body.querySelector('form')!;
    expect(form.action).toBe(postAction.url);
    expect(Object.fromEntries(new FormData(form))).toEqual(postAction.data);
  });

  it('when the redirect is by GET, then the URL is opened and no form is submitted', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const assign = vi.fn();
    const doc = { defaultView: { location: { assign } }, body: document.body } as unknown as Document;
    followRedirect({ type: 'redirect', method: 'GET', url: 'http://localhost:4010/adyen/__challenge/X' }, doc);
    expect(assign).toHaveBeenCalledWith('http://localhost:4010/adyen/__challenge/X');
    expect(submit).not.toHaveBeenCalled();
  });
});
