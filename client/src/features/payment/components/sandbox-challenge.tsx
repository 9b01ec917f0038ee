import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { AdyenAction, AdyenDetails } from './redirect-form.ts';

/**
 * The `threeDSResult` of a native 3-D Secure 2 challenge as Adyen's component sends it with
 * onAdditionalDetails: base64 JSON of the challenge's transStatus (Y authenticated, N not) and the
 * action's authorisationToken, which the Adyen stand-in's /payments/details verifies.
 */
export function sandboxThreeDSResult(action: AdyenAction, approved: boolean): string {
  return btoa(
    JSON.stringify({ transStatus: approved ? 'Y' : 'N', authorisationToken: action.authorisationToken ?? '' }),
  );
}

/**
 * Sandbox mode's stand-in for the issuer's native 3-D Secure 2 challenge (Adyen's `threeDS2` action
 * with subtype challenge): approve or refuse, and the component's additional details go to `onDetails`.
 */
export function SandboxChallenge({
  action,
  disabled,
  onDetails,
}: {
  action: AdyenAction;
  disabled: boolean;
  onDetails: (data: AdyenDetails) => void;
}) {
  const { t } = useTranslation();
  const answer = (approved: boolean) =>
    onDetails({ details: { threeDSResult: sandboxThreeDSResult(action, approved) } });
  return (
    <section className="form" aria-labelledby="sandbox-challenge-title">
      <h3 id="sandbox-challenge-title">{t('checkout.card.challenge.title')}</h3>
      <p className="notice">{t('checkout.card.challenge.text')}</p>
      <div className="form__actions">
        <button type="button" className="button button--primary" disabled={disabled} onClick={() => answer(true)}>
          {t('checkout.card.challenge.approve')}
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => answer(false)}>
          {t('checkout.card.challenge.refuse')}
        </button>
      </div>
    </section>
  );
}
