import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useServerRendered } from '../../lib/page-ready.ts';

export const HASH_SCROLL_OFFSET_PX = 48;

/**
 * On navigation: scroll to the top, or to the hash target minus 48px (spec §2). Not when a page the
 * server rendered hydrates: the shopper may have scrolled it already (and the browser has placed
 * it at its hash target, which only needs the offset).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const serverRendered = useServerRendered();
  const first = useRef(true);
  useEffect(() => {
    const hydrating = first.current && serverRendered;
    first.current = false;
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) {
      window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX });
    } else if (!hydrating) {
      window.scrollTo({ top: 0, left: 0 });
    }
  }, [pathname, hash, serverRendered]);
  return null;
}
