/**
 * The identity provider's directory: each seed shopper's e-mail as the provider holds it now. The
 * directory UID (the subject) never changes; the e-mail can, as a shopper changes it in the
 * provider's own account pages, through the sandbox control
 * `PUT /__sandbox/identity/shoppers/{email}/email` `{"email": "new@example.com"}` (issue 31). After
 * it the shopper signs in with the new e-mail (same password), and the id token and userinfo carry
 * it with the same `sub` and `identifiers.uid`. `/__sandbox/reset` gives every shopper the seed's
 * e-mail again.
 */
import express, { type Router } from 'express';
import { SHOPPERS, type Shopper } from '../../seed.ts';

/** The e-mail each directory UID has now, where it differs from the seed's. */
const changedEmails = new Map<string, string>();

/** The shopper's e-mail at the identity provider now. */
export function emailAtProvider(shopper: Shopper): string {
  return changedEmails.get(shopper.uid) ?? shopper.email;
}

/** The shopper who signs in with `email` now (e-mails compare case-insensitively). */
export function shopperByEmail(email: string): Shopper | undefined {
  const wanted = email.trim().toLowerCase();
  return SHOPPERS.find((shopper) => emailAtProvider(shopper).toLowerCase() === wanted);
}

export function resetDirectory(): void {
  changedEmails.clear();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `/__sandbox/identity`: `PUT /shoppers/{email}/email` `{"email": "…"}` changes a shopper's e-mail. */
export function identityControls(): Router {
  const router = express.Router();
  router.use(express.json());
  router.put('/shoppers/:email/email', (req, res) => {
    const body = req.body as { email?: unknown } | undefined;
    const next = typeof body?.email === 'string' ? body.email.trim() : '';
    if (!EMAIL.test(next) || next.length > 128) {
      res.status(400).json({ error: 'email must be an e-mail address of at most 128 characters.' });
      return;
    }
    const shopper = shopperByEmail(req.params.email);
    if (!shopper) {
      res.status(404).json({ error: `No shopper signs in with ${req.params.email} at the identity provider.` });
      return;
    }
    const holder = shopperByEmail(next);
    if (holder && holder !== shopper) {
      res.status(409).json({ error: `${next} is another shopper's e-mail at the identity provider.` });
      return;
    }
    if (next.toLowerCase() === shopper.email.toLowerCase()) changedEmails.delete(shopper.uid);
    else changedEmails.set(shopper.uid, next);
    res.json({ uid: shopper.uid, email: emailAtProvider(shopper) });
  });
  return router;
}
