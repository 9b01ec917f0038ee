import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { problemText } from '../../../lib/problem-text.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { startLogin } from '../../../lib/api/start-login.ts';
import { useLocale } from '../../../lib/locales.ts';
import type { Basket } from '../api/get-checkout-state.ts';
import { EMAIL_MAX_LENGTH, useSetCustomerEmail } from '../api/set-customer-email.ts';
import { lazyResolver, useLazyResolver } from '../../../lib/lazy-resolver.ts';

const resolver = lazyResolver<{ email: string }>(() =>
  import('./customer-email-resolver.ts').then((module) => module.customerEmailResolver),
);

/** Step 1: log in (external login) or continue as a guest with an e-mail address. */
export function LoginStep({ basket, registered }: { basket: Basket; registered: boolean }) {
  const { t } = useTranslation();
  const { to, locale } = useLocale();
  const { data: session } = useSession();
  const setEmail = useSetCustomerEmail();
  const id = useId();
  const { pathname, search } = useLocation();
  // The form posted by the browser itself (before the app ran) comes back naming what went wrong.
  const [serverError, setServerError] = useState<string | undefined>(() => {
    const posted = new URLSearchParams(search).get('emailError');
    if (posted === 'linked') return t('checkout.login.linkedMailbox');
    if (posted === 'invalid') return t('checkout.login.emailInvalid');
    return posted ? t('checkout.unexpectedError') : undefined;
  });
  // No defaultValues: the form takes the box's own value when it starts, also what was typed before
  // the app ran (the box shows the basket's e-mail from the server).
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: useLazyResolver(resolver) });
  const submit = handleSubmit(async ({ email }) => {
    setServerError(undefined);
    try {
      await setEmail(email);
    } catch (error) {
      const problem = error instanceof ApiError ? error.problem : undefined;
      setServerError(
        problem?.status === 409
          ? t('checkout.login.linkedMailbox')
          : problemText(t, problem, 'checkout.unexpectedError'),
      );
    }
  });
  if (registered) {
    return (
      <div className="login-step">
        <p>{t('checkout.login.signedInAs', { email: session?.customer?.email ?? '' })}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void setEmail(session?.customer?.email ?? '')}
        >
          {t('checkout.continue')}
        </button>
      </div>
    );
  }
  return (
    <div className="login-step">
      <div className="login-step__account">
        <p>{t('checkout.login.haveAccount')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void startLogin(to('/checkout'), locale)}
        >
          {t('checkout.login.logIn')}
        </button>
      </div>
      <form className="form" method="post" action={pathname} noValidate onSubmit={submit} onFocus={resolver.preload}>
        <h3>{t('checkout.login.guestTitle')}</h3>
        <input type="hidden" name="csrfToken" value={session?.csrfToken ?? ''} />
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('checkout.login.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={basket.customerEmail ?? ''}
            aria-invalid={errors.email || serverError ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : serverError ? `${id}-email-server` : undefined}
            {...register('email')}
          />
          {errors.email ? (
            <p id={`${id}-email-error`} className="field__error">
              {t('checkout.login.emailInvalid')}
            </p>
          ) : null}
        </div>
        {serverError ? (
          <p id={`${id}-email-server`} className="field__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('checkout.login.continueAsGuest')}
        </button>
      </form>
    </div>
  );
}
