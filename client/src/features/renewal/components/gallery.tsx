import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocation } from 'react-router';
import type { RenewalPage } from '../api/get-renewal-page.ts';

type Slide = { kind: 'image'; url: string; alt: string } | { kind: 'video'; url: string };

/**
 * Images and the video (storefront §2): next and previous wrap around; the video plays in a frame
 * that exists only while its slide is shown, so leaving the slide pauses (and resets) it; a new
 * URL query brings back the first slide.
 */
export function Gallery({ product }: { product: RenewalPage['product'] }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const slides: Slide[] = [
    ...product.images.map((i) => ({ kind: 'image' as const, url: i.url, alt: i.alt ?? product.name })),
    ...(product.videoUrl ? [{ kind: 'video' as const, url: product.videoUrl }] : []),
  ];
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [search]);
  if (slides.length === 0) return null;
  const current = slides[index % slides.length]!;
  const go = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length);
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={t('renewal.gallery.label')}>
      <div className="gallery__slide" aria-live="polite">
        {current.kind === 'image' ? (
          <img
            src={`${current.url}${current.url.includes('?') ? '&' : '?'}q=60`}
            alt={current.alt}
            width={960}
            height={540}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        ) : (
          <iframe
            src={current.url}
            title={t('renewal.gallery.video', { name: product.name })}
            allow="encrypted-media; picture-in-picture"
            loading="lazy"
          />
        )}
      </div>
      {slides.length > 1 ? (
        <div className="gallery__controls">
          <button type="button" className="button button--ghost" onClick={() => go(-1)}>
            {t('renewal.gallery.previous')}
          </button>
          <span className="gallery__count">
            {t('renewal.gallery.position', { current: index + 1, total: slides.length })}
          </span>
          <button type="button" className="button button--ghost" onClick={() => go(1)}>
            {t('renewal.gallery.next')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
