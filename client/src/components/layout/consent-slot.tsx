import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { rememberChoiceForServer, useConsent } from '../../lib/consent.ts';
import { loadChunk } from '../../lib/lazy.ts';

/** The banner's chunk (its words are in the core catalogue: client/catalogue-parts.ts). */
const Banner = lazy(() => loadChunk(() => import('./consent-banner.tsx')).then((m) => ({ default: m.ConsentBanner })));

/** A banner chunk that cannot load leaves the page as it is (the next page asks again). */
class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Where the consent banner appears (issue 34): when no choice was saved or the shopper opened the
 * settings. On a first visit the server paints it with the page (issue 35: lib/consent.ts), in a
 * boundary that hydrates once its chunk is in, so the page's own hydration does not wait for it;
 * opened from the footer, its chunk loads then. Nothing loads without consent.
 */
export function ConsentSlot() {
  const consent = useConsent();
  useEffect(rememberChoiceForServer, [consent?.choice]);
  const shown = consent !== undefined && (consent.choice === null || consent.settingsOpen);
  if (!shown) return null;
  return (
    <Quiet>
      <Suspense fallback={null}>
        <Banner
          key={consent.settingsOpen ? 'settings' : 'first'}
          choice={consent.choice}
          settings={consent.settingsOpen}
        />
      </Suspense>
    </Quiet>
  );
}
