import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { maxLengths } from '../../../../../generated/proxy/max-lengths.ts';
import { lazyResolver, useLazyResolver } from '../../../lib/lazy-resolver.ts';
import type { CardField, CardFields } from './card-errors.ts';
import { ApiError, type components } from '../../../lib/api/client.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';
import { sandboxStateData } from './adyen-browser-info.ts';
import { useTokenizeSandboxCard, type SandboxCardRequest } from '../api/tokenize-sandbox-card.ts';

/** "4242424242424242" → "4242 4242 4242 4242" as typed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" → "12 / 30" as typed. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The contract's maxLength of the holder's name (tokenizeSandboxCard's body). */
const HOLDER_MAX_LENGTH = maxLengths.SandboxCardRequest.holderName;

/** The form's resolver for each provider, with Zod, loaded when the form first validates or is focused (issue 35). */
const resolverFor = (provider: SandboxCardRequest['provider']) =>
  lazyResolver<CardFields, SandboxCardRequest>(() =>
    import('./sandbox-card-resolver.ts').then((module) => module.sandboxCardResolver(provider)),
  );
const resolvers = { stripe: resolverFor('stripe'), adyen: resolverFor('adyen') };

/** The tokenising call's field error as the form's field and message (storefront §5 Card form). */
function tokenError(error: unknown): [CardField, string] {
  const first = error instanceof ApiError ? error.problem?.errors?.[0] : undefined;
  const field: CardField = first?.field === '/cvc' ? 'cvc' : first?.field === '/expYear' ? 'expiry' : 'number';
  const key =
    first?.code === 'incomplete_number'
      ? 'numberIncomplete'
      : first?.code === 'invalid_expiry_year_past'
        ? 'expiryYearInPast'
        : first?.code === 'incomplete_cvc'
          ? 'securityCodeIncomplete'
          : 'numberInvalid';
  return [field, key];
}

/**
 * Sandbox mode's card form (DESIGN.md): it stands where Stripe Elements or Adyen's card component
 * stand in live mode, and turns the card into the same kind of token through the proxy, so the
 * server's payment code is the same in every mode.
 */
export function SandboxCardForm({
  provider,
  disabled,
  submitLabel,
  onPay,
  billingAddress,
  stripeElements,
}: {
  provider: 'stripe' | 'adyen';
  disabled: boolean;
  submitLabel: string;
  onPay: (request: PaymentMethodInput) => Promise<void>;
  /** The form's billing address, given to the method as Stripe.js gives it (the checkout's comes from the basket). */
  billingAddress?: components['schemas']['Address'];
  /**
   * Stripe: the options the Elements group is created with (the payment setup's `elementsOptions`),
   * sent as Stripe.js knows them when it creates the PaymentMethod; the sandbox refuses what
   * Stripe.js refuses (no `paymentMethodCreation: 'manual'`).
   */
  stripeElements?: components['schemas']['SandboxElementsGroup'];
}) {
  const { t } = useTranslation();
  const id = useId();
  const tokenizeSandboxCard = useTokenizeSandboxCard();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CardFields, unknown, SandboxCardRequest>({
    resolver: useLazyResolver(resolvers[provider]),
    defaultValues: { number: '', expiry: '', cvc: '', holder: '' },
    // The card's messages stay until the next attempt, as Stripe's and Adyen's forms do.
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(async (card) => {
    let request: PaymentMethodInput;
    try {
      const token = await tokenizeSandboxCard({
        ...card,
        ...(billingAddress ? { billingAddress } : {}),
        ...(provider === 'stripe' && stripeElements ? { stripeElements } : {}),
      });
      request =
        provider === 'stripe'
          ? { provider, paymentMethodType: 'CREDIT_CARD', sandboxCardToken: token.token ?? '' }
          : {
              provider,
              paymentMethodType: 'CREDIT_CARD',
              // The card component's state.data: its secured fields, the browser and origin.
              adyenStateData: sandboxStateData({
                type: 'scheme',
                encryptedCardNumber: token.encryptedCardNumber ?? '',
                encryptedExpiryMonth: token.encryptedExpiryMonth ?? '',
                encryptedExpiryYear: token.encryptedExpiryYear ?? '',
                encryptedSecurityCode: token.encryptedSecurityCode ?? '',
                ...(card.holderName ? { holderName: card.holderName } : {}),
              }),
            };
    } catch (error) {
      const [field, key] = tokenError(error);
      setError(field, { message: key });
      return;
    }
    try {
      await onPay(request);
    } catch {
      // The payment step shows payment problems in its modal.
    }
  });

  const describe = (field: CardField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const error = (field: CardField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field__error">
        {t(`checkout.card.${errors[field].message}`)}
      </p>
    ) : null;

  return (
    <form
      className="form card-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // One attempt at a time: a second Enter while paying is not a second payment.
        if (!isSubmitting && !disabled) void submit(e);
      }}
      onFocus={resolvers[provider].preload}
    >
      <p className="notice">{t('checkout.card.sandboxNotice')}</p>
      <div className="field">
        <label htmlFor={`${id}-number`}>{t('checkout.card.number')}</label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={describe('number')}
          {...register('number', { onChange: (e) => setValue('number', groupDigits(e.target.value)) })}
        />
        {error('number')}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${id}-expiry`}>{t('checkout.card.expiry')}</label>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('checkout.card.expiryPlaceholder')}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={describe('expiry')}
            {...register('expiry', { onChange: (e) => setValue('expiry', formatExpiry(e.target.value)) })}
          />
          {error('expiry')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>{t('checkout.card.cvc')}</label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={describe('cvc')}
            {...register('cvc', { onChange: (e) => setValue('cvc', e.target.value.replace(/\D/g, '')) })}
          />
          {error('cvc')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-holder`}>{t('checkout.card.holder')}</label>
        <input id={`${id}-holder`} autoComplete="cc-name" maxLength={HOLDER_MAX_LENGTH} {...register('holder')} />
      </div>
      <button type="submit" className="button button--primary" disabled={isSubmitting || disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
