/**
 * A link inside the app: a real `<a href>` (it works before the app starts and opens in a new tab),
 * which the router follows in place when clicked. Built from React Router's own `useHref` and
 * `useLinkClickHandler`; React Router's `Link` also carries framework-mode route prefetching,
 * which a declarative-mode app never uses and the first route would download (issue 12).
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** The browser loads the page itself (a new document), as React Router's `reloadDocument`. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, reloadDocument, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !reloadDocument) follow(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
