import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { rememberChoiceForServer, useConsent } from '../../lib/consent.ts';
import { lazyPage } from '../../lib/lazy.ts';

/** The banner's chunk (its words are in the core catalogue: client/catalogue-parts.ts). */
const Banner = lazyPage(() => import('./consent-banner.tsx'), 'ConsentBanner', { catalogue: 'core' });

/**
 * Loads the banner's chunk. The app loads it before it hydrates a page the server painted the
 * banner on (boot.tsx), so that the banner hydrates with the page: a banner left to hydrate later
 * would lose a "Reject all" pressed before it had (the app replays the buttons pressed before it
 * started, lib/page-exit.ts, once the page has hydrated).
 */
export const loadConsentBanner = (): Promise<void> => Banner.preload();

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
 * settings. On a first visit the server paints it with the page (issue 35: lib/consent.ts) and it
 * hydrates with the page; opened from the footer, its chunk loads then. Nothing loads without consent.
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
