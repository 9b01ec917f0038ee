/**
 * The login's return page holds the shopper's reads until the login has completed (issue 30,
 * docs/decisions/026-session-rotation.md). The login gives the session a new id; a read sent with
 * the pre-login cookie that answered after it could hand the browser that cookie back (a proxy's
 * answer is written before the login, a slow network delivers it after) and sign the shopper out,
 * or fill the cache with a signed-out view. So on /callback every read the app makes (the shell's
 * session, the basket, SWR's revalidation) waits here, and is sent once the login has answered,
 * with the cookie it set. The page's own login call and the CSRF token it needs are not reads the
 * hold stops (lib/api/client.ts sends them past it). The logout holds the reads asked while it runs
 * the same way (lib/api/logout.ts).
 */

/** The login's return paths, after the locale prefix (client/src/app/routes.tsx). */
const LOGIN_CALLBACK = /^\/callback(?:\/forgerock(?:-vcsj)?)?\/?$/;

/**
 * The longest a hold lasts: should the page never ask for the login (its code failed to load), the
 * app's reads go after this rather than never. The login itself answers well within it.
 */
export const LONGEST_HOLD_MS = 30_000;

let held: { reads: Promise<void>; release: () => void } | undefined;

/** Holds every read from now until `releaseReads` (boot.tsx on a login's return page; the logout). */
export function holdReads(): void {
  if (held) return;
  let release = () => {};
  const reads = new Promise<void>((resolve) => (release = resolve));
  held = { reads, release };
  setTimeout(() => held?.reads === reads && releaseReads(), LONGEST_HOLD_MS);
}

/** Holds the reads when the page is the login's return page (`rest`: the path after the locale). */
export function holdReadsOnLoginReturn(rest: string): void {
  if (LOGIN_CALLBACK.test(rest)) holdReads();
}

/** Lets the held reads go (the login answered, failed, or the page never asked for it). */
export function releaseReads(): void {
  held?.release();
  held = undefined;
}

/** What a read waits for before it is sent: nothing, unless the reads are held. */
export const readsHeld = (): Promise<void> | undefined => held?.reads;
