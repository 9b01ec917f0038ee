import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from '../ui/link.tsx';
import { useBasket } from '../../lib/api/get-basket.ts';
import { useSession } from '../../lib/api/get-session.ts';
import { useLocale } from '../../lib/locales.ts';
import { BasketIcon } from '../ui/icons.tsx';

export const MINI_CART_CLOSE_MS = 3000;

/**
 * The mini-cart (storefront §2): a drop-down with the basket's items, "Basket Total:" and a
 * Checkout button, or "Basket is empty". It opens on hover or click and closes itself 3 s later
 * (3 s after the pointer or focus leaves it). The basket is read only when it opens, so pages do
 * not pay for it on load.
 */
export function MiniCart() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { data: session } = useSession();
  const [open, setOpen] = useState(false);
  const [inside, setInside] = useState(false);
  // A click right after the hover that opened it keeps it open (the pointer passes over it first).
  const openedByHover = useRef(false);
  const panelId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { data: basket } = useBasket(open, session?.basketItemCount ?? 0);
  useEffect(() => {
    clearTimeout(timer.current);
    if (open && !inside) timer.current = setTimeout(() => setOpen(false), MINI_CART_CLOSE_MS);
    return () => clearTimeout(timer.current);
  }, [open, inside]);
  const count = session?.basketItemCount ?? 0;
  return (
    <div
      className="mini-cart"
      onMouseEnter={() => {
        if (!open) openedByHover.current = true;
        setOpen(true);
        setInside(true);
      }}
      onMouseLeave={() => setInside(false)}
      onFocus={() => setInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setInside(false);
      }}
    >
      <button
        type="button"
        className="mini-cart__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open && openedByHover.current) openedByHover.current = false;
          else setOpen(!open);
        }}
      >
        {/* Below md (styles/narrow.css) the icon and the count show; the words stay as its name. */}
        <BasketIcon />
        <span className="narrow-hidden">{t('cart.basket', { count })}</span>
        <span className="mini-cart__count" aria-hidden="true">
          {count}
        </span>
      </button>
      <div id={panelId} className="mini-cart__panel" hidden={!open}>
        {!basket ? (
          <p role="status">{t('shell.loading')}</p>
        ) : basket.items.length === 0 ? (
          <p>{t('cart.empty')}</p>
        ) : (
          <>
            <ul className="mini-cart__items">
              {basket.items.map((item) => (
                <li key={item.itemId}>
                  <span>{item.name}</span>
                  <span>{item.price.formatted}</span>
                </li>
              ))}
            </ul>
            <p className="mini-cart__total">
              <span>{t('cart.total')}</span> <span>{basket.orderTotal.formatted}</span>
            </p>
            <Link className="button button--primary" to={to('/checkout')} onClick={() => setOpen(false)}>
              {t('cart.checkout')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
