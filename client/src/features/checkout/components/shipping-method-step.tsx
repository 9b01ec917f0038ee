import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { Basket } from '../api/get-checkout-state.ts';
import { useShippingMethods } from '../api/list-shipping-methods.ts';
import { useSetShippingMethod } from '../api/set-shipping-method.ts';

/** Step 3: the shipping method (one digital delivery method for services). */
export function ShippingMethodStep({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const { data, error } = useShippingMethods(basket.basketId);
  const setShippingMethod = useSetShippingMethod();
  const [chosen, setChosen] = useState<string | undefined>(basket.shippingMethodId ?? undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const selected = chosen ?? data?.defaultShippingMethodId ?? data?.methods[0]?.id;
  if (error) return <p role="alert">{t('checkout.unexpectedError')}</p>;
  if (!data) return <p role="status">{t('checkout.loading')}</p>;
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!selected) return;
        setBusy(true);
        setFailed(false);
        void setShippingMethod(selected)
          .catch(() => setFailed(true))
          .finally(() => setBusy(false));
      }}
    >
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('checkout.steps.shippingMethod')}</legend>
        {data.methods.map((method) => (
          <label key={method.id} className="choice">
            <input
              type="radio"
              name="shipping-method"
              value={method.id}
              checked={selected === method.id}
              onChange={() => setChosen(method.id)}
            />
            <span>{method.name}</span>
            <span className="choice__price">
              {method.price.value === 0 ? t('checkout.shippingMethod.free') : method.price.formatted}
            </span>
          </label>
        ))}
      </fieldset>
      {failed ? (
        <p className="field__error" role="alert">
          {t('checkout.unexpectedError')}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy || !selected}>
        {t('checkout.continue')}
      </button>
    </form>
  );
}
