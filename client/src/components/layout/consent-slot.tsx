import { useEffect, useState, type ComponentType } from 'react';
import { useConsent } from '../../lib/consent.ts';
import { wholeCatalogue } from '../../lib/i18n.ts';
import { loadChunk } from '../../lib/lazy.ts';
import type { ConsentBanner as Banner } from './consent-banner.tsx';

type BannerComponent = typeof Banner;

/** The banner's chunk with the catalogue it speaks (the rest part: client/catalogue-parts.ts). */
const loadBanner = () =>
  loadChunk(() => Promise.all([import('./consent-banner.tsx'), wholeCatalogue()])).then(([m]) => m.ConsentBanner);

/**
 * Where the consent banner appears (issue 34): in the browser only, when no choice was saved or the
 * shopper opened the settings. Its chunk loads then, off the first route's JavaScript; a chunk that
 * cannot load leaves the page as it is (the next page asks again), and nothing loads without consent.
 */
export function ConsentSlot() {
  const consent = useConsent();
  const shown = consent !== undefined && (consent.choice === null || consent.settingsOpen);
  const [Loaded, setLoaded] = useState<BannerComponent | undefined>(undefined);
  useEffect(() => {
    if (!shown || Loaded) return;
    let live = true;
    loadBanner().then(
      (component) => live && setLoaded(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shown, Loaded]);
  if (!shown || !Loaded || !consent) return null;
  const Component: ComponentType<Parameters<BannerComponent>[0]> = Loaded;
  return (
    <Component
      key={consent.settingsOpen ? 'settings' : 'first'}
      choice={consent.choice}
      settings={consent.settingsOpen}
    />
  );
}
