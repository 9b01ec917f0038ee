import { useDeferredValue, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { UnableToLoad } from '../../../components/layout/unable-to-load.tsx';
import { useFeatureCheckFailed } from '../../../components/layout/page-type.ts';
import { rememberRedirectSource, trackViewItem } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useLocale } from '../../../lib/locales.ts';
import { markMainContentShown } from '../../../lib/page-ready.ts';
import { ADAS_PRODUCT_ID, renewalQuery, useRenewalPage } from '../../../features/renewal/api/get-renewal-page.ts';
import { LoadingAnimation } from '../../../features/renewal/components/loading-animation.tsx';
import { RenewalDetail, UpToDate } from '../../../features/renewal/components/renewal-detail.tsx';
import { renewalFailure } from '../../../features/renewal/renewal-errors.ts';
import { isExternalUrl } from '../../../lib/redirect-url.ts';

/** /service/{productId} and /product: the renewal page (storefront §2, §4 Renew action). */
export function RenewalPage() {
  const { productId = ADAS_PRODUCT_ID } = useParams();
  const { pathname, search } = useLocation();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const query = renewalQuery(search, locale);
  const { data: latest, error } = useRenewalPage(productId, query);
  // SWR's store update renders synchronously; the page itself renders as a deferred, interruptible
  // render in slices, so its arrival is not one long task.
  const data = useDeferredValue(latest);

  const failure = useMemo(
    () =>
      error
        ? renewalFailure(
            error instanceof ApiError ? error.status : 0,
            error instanceof ApiError ? error.problem : undefined,
          )
        : undefined,
    [error],
  );
  useEffect(() => {
    if (!failure) return;
    markMainContentShown();
    if (failure.kind !== 'redirect') return;
    // The identity provider's login (§6 in production, decision 016) is another site.
    if (isExternalUrl(failure.path)) return window.location.assign(failure.path);
    const [path, query] = failure.path.split('?');
    // The generic error page reports where the shopper came from (storefront §2 Error pages).
    if (path === '/generic-error') rememberRedirectSource(window.location.origin + pathname + search);
    void navigate(to(path!) + (query ? `?${query}` : ''), { replace: true, state: failure.facts });
  }, [failure, navigate, to, pathname, search]);

  // The feature check (this product for this vehicle) failed: the header hides the account entry (§2).
  useFeatureCheckFailed(failure?.kind === 'unavailable');

  useEffect(() => {
    if (!data) return;
    markMainContentShown();
    const first = data.variants[0];
    trackViewItem({
      item_id: data.product.id,
      item_name: data.product.name,
      ...(first ? { price: first.price.value, currency: first.price.currency } : {}),
    });
  }, [data]);

  if (failure?.kind === 'unavailable') return <UnableToLoad error={failure.detail} explore />;
  if (error) return null;
  if (!data) return <LoadingAnimation />;
  return data.upToDate ? <UpToDate data={data} /> : <RenewalDetail data={data} />;
}
