import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const HASH_SCROLL_OFFSET_PX = 48;

/** On navigation: scroll to the top, or to the hash target minus 48px (spec §2). */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) {
      window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX });
    } else {
      window.scrollTo({ top: 0, left: 0 });
    }
  }, [pathname, hash]);
  return null;
}
