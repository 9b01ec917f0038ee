/** A service's picture on an account card (account §2: each card shows the image); decorative beside its name. */
export function ServiceImage({ src }: { src: string | null | undefined }) {
  if (!src) return null;
  return <img className="subscription__image" src={src} alt="" width="120" height="80" loading="lazy" />;
}

/** Renew now: the service's renewal page for the subscription's vehicle (account §2 links). */
export function renewPathOf(subscription: { serviceId: string; vin?: string | undefined }): string {
  return `/service/${encodeURIComponent(subscription.serviceId)}${subscription.vin ? `?carvin=${subscription.vin}` : ''}`;
}
