import { useSyncExternalStore } from 'react';

/** Below the md breakpoint (48rem, storefront §9 layout constants): the compact header. */
export const COMPACT_QUERY = '(max-width: 47.99rem)';

/** Whether a media query matches now, following its changes; false where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
