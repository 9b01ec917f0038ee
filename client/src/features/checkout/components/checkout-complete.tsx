import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { useOpenSubscriptions } from '../../../lib/api/start-login.ts';
import { useLocale } from '../../../lib/locales.ts';

/**
 * The checkout after this tab placed an order (storefront §2 Checkout: the completed tick with a
 * thank-you label, a manage button and a my-services button): back here, the shopper sees it is
 * done and where to go next, not an empty basket.
 */
export function CheckoutComplete({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { data: session } = useSession();
  const subscriptions = useOpenSubscriptions();
  const vin = session?.vehicle?.vin;
  return (
    <section className="page page--narrow checkout-complete" aria-labelledby="checkout-complete-title">
      <p className="checkout-complete__tick" aria-hidden="true">
        ✓
      </p>
      <h1 id="checkout-complete-title">{t('confirmation.title')}</h1>
      <p>{t('checkout.complete.text', { orderNo })}</p>
      <div className="checkout-complete__actions">
        <button type="button" className="button button--primary" onClick={() => void subscriptions.open()}>
          {t('checkout.complete.manage')}
        </button>
        <Link
          className="button button--secondary"
          to={vin ? `${to('/service')}?carvin=${encodeURIComponent(vin)}` : to('/account/my-services')}
        >
          {t('checkout.complete.myServices')}
        </Link>
        <Link className="link-button" to={to(`/confirmation/${orderNo}`)}>
          {t('checkout.complete.viewOrder')}
        </Link>
      </div>
    </section>
  );
}
