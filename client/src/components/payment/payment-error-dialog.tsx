import { useTranslation } from '../../lib/i18n-react.tsx';
import { paymentErrorEntryIndex } from '../../../../domain/payment-errors.ts';
import { Dialog } from '../ui/dialog.tsx';
import { ApiError, type Problem } from '../../lib/api/client.ts';

/** What the payment error modal shows for a failed call: the proxy's problem, or a lost connection. */
export function paymentProblemOf(error: unknown): Partial<Problem> {
  if (!(error instanceof ApiError)) return { paymentErrorKind: 'connection_error' };
  return error.problem ?? {};
}

/**
 * The payment error modal (storefront §8, account §8): the entry for the problem's kind, with the proxy's
 * detail where asked for (never for a billing mismatch). What closing does is the caller's.
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
  return (
    <Dialog
      open={problem !== undefined}
      title={t(`checkout.paymentErrors.${entry}.title`)}
      closeLabel={t(`checkout.paymentErrors.${entry}.label`)}
      onClose={onClose}
    >
      <p>{t(`checkout.paymentErrors.${entry}.description`)}</p>
      {showDetail && problem?.detail && problem.paymentErrorKind !== 'billing_address_missmatch' ? (
        <p>{problem.detail}</p>
      ) : null}
    </Dialog>
  );
}
