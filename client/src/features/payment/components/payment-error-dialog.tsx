import { useTranslation } from '../../../lib/i18n-react.tsx';
import { paymentErrorEntryIndex } from '../../../../../domain/payment-errors.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError, type Problem } from '../../../lib/api/client.ts';
import { problemKey } from '../../../lib/problem-text.ts';

/** What the payment error modal shows for a failed call: the proxy's problem, or a lost connection. */
export function paymentProblemOf(error: unknown): Partial<Problem> {
  if (!(error instanceof ApiError)) return { paymentErrorKind: 'connection_error' };
  return error.problem ?? {};
}

/**
 * The payment error modal (storefront §8, account §8): the entry for the problem's kind, with the words
 * for the problem's code or type where asked for (never for a billing mismatch), from the catalogues,
 * never the proxy's English detail. What closing does is the caller's.
 */
export function PaymentErrorDialog({
  problem,
  showDetail = false,
  onClose,
}: {
  problem: Partial<Problem> | undefined;
  showDetail?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const entry = paymentErrorEntryIndex(problem?.paymentErrorKind);
  const description = t(`checkout.paymentErrors.${entry}.description`);
  // The problem's own words by its code or type (a decline code, the approval), from the catalogues;
  // none for a billing mismatch, nor a card's decline words under a bank payment's (iDEAL) modal.
  const kind = problem?.paymentErrorKind;
  const key =
    showDetail && kind !== 'billing_address_missmatch' && kind !== 'iDeal-error' ? problemKey(problem) : undefined;
  const detail = key ? t(key) : undefined;
  return (
    <Dialog
      open={problem !== undefined}
      title={t(`checkout.paymentErrors.${entry}.title`)}
      closeLabel={t(`checkout.paymentErrors.${entry}.label`)}
      onClose={onClose}
    >
      <p>{description}</p>
      {detail && detail !== description ? <p>{detail}</p> : null}
    </Dialog>
  );
}
