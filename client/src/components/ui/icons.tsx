/**
 * The header's icons as inline SVG: they draw the same on every system (an emoji or a font glyph
 * does not), take the text colour, and are hidden from assistive technology, which reads the
 * control's own name instead.
 */
const ICON = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2 };

export function PersonIcon() {
  return (
    <svg {...ICON} aria-hidden="true" focusable="false" className="icon">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
    </svg>
  );
}

export function BasketIcon() {
  return (
    <svg {...ICON} aria-hidden="true" focusable="false" className="icon">
      <path d="M3 9h18l-2 11H5L3 9z" strokeLinejoin="round" />
      <path d="M8 9l4-6 4 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function LogoutIcon() {
  return (
    <svg {...ICON} aria-hidden="true" focusable="false" className="icon">
      <path d="M10 4H5v16h5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M15 8l4 4-4 4M9 12h10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
