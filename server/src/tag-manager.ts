/**
 * The analytics tag manager (storefront §7 "An analytics tag manager … is loaded"; issue 15): a
 * Google Tag Manager container per site, none by default. The client loads it only after the
 * shopper accepted analytics cookies in the consent banner (client/src/lib/tag-manager.ts), and the
 * CSP names Google's hosts only when some site has a container (security.ts).
 */
/** A container id as Tag Manager shows it (GTM-XXXXXX). */
export const CONTAINER_ID = /^GTM-[A-Z0-9]+$/;

/**
 * GTM_CONTAINER_IDS: `site:GTM-XXXXXXX` pairs, e.g. `aurora:GTM-XXXXXXX,borealis:GTM-YYYYYYY`.
 * Each problem (an unknown site, a malformed id, a site named twice) is added to `problems`.
 */
export function tagManagerContainerIds<Site extends string>(
  pairs: string[],
  sites: readonly Site[],
  problems: string[],
): Partial<Record<Site, string>> {
  const ids: Partial<Record<Site, string>> = {};
  for (const pair of pairs) {
    const [site = '', id = '', ...rest] = pair.split(':').map((part) => part.trim());
    if (!(sites as readonly string[]).includes(site) || !CONTAINER_ID.test(id) || rest.length > 0) {
      problems.push(
        `GTM_CONTAINER_IDS: '${pair}' is not site:GTM-XXXXXXX with site one of ${sites.join(', ')} and an id matching ${CONTAINER_ID.source}`,
      );
    } else if (ids[site as Site]) {
      problems.push(`GTM_CONTAINER_IDS: ${site} is named twice`);
    } else {
      ids[site as Site] = id;
    }
  }
  return ids;
}

/**
 * The hosts a Tag Manager container and its Google Analytics 4 tags need, as Google's "Use Tag
 * Manager with a Content Security Policy" lists them
 * (https://developers.google.com/tag-platform/security/guides/csp): the container script and its
 * images and connections (www.googletagmanager.com, www.google.com), and the Google Analytics 4
 * section's hosts (*.googletagmanager.com, *.google-analytics.com, *.analytics.google.com).
 * gtm.js loads by its host in script-src (the client also copies a page's nonce onto it, as Google's
 * nonce-aware snippet does). Preview mode and other tags (Ads, Floodlight, custom JavaScript
 * variables, custom HTML without a nonce) need more and are not allowed.
 */
export const TAG_MANAGER_HOSTS = {
  script: ['https://www.googletagmanager.com', 'https://*.googletagmanager.com'],
  img: ['https://www.googletagmanager.com', 'https://*.googletagmanager.com', 'https://*.google-analytics.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://www.google.com',
    'https://*.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
} as const;
