/**
 * Google Pay and Apple Pay in the Adyen stand-in (Checkout v71). `/paymentMethods` lists
 * `googlepay` and `applepay` with the configuration their browser libraries need; `/payments` takes
 * the wallet's token (GooglePayDetails' `googlePayToken`: the `token` of Google Pay's PaymentData;
 * ApplePayDetails' `applePayToken`: Apple's `paymentData`, stringified and base64-encoded).
 *
 * Neither wallet can run here, so the sandbox's wallet sheet asks `POST /adyen/__wallet/tokens`
 * (outside the API like the shopper's pages, authorised by the client key a browser-side Adyen SDK
 * holds) for a token shaped like the wallet's, which stands for the card the sheet holds. The
 * stand-in "decrypts" only the tokens it issued, each once: anything else is refused as Adyen
 * refuses a token it cannot decrypt, 422 `5_202` "Invalid PayWithGoogle Token" (Google Pay error
 * codes, docs.adyen.com/development-resources/error-codes) or 422 `5_002` "Invalid Apple Pay Token"
 * (docs.adyen.com/payment-methods/apple-pay/handle-apple-pay-errors).
 */
import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../../../generated/adyen/types.ts';
import { CREDENTIALS } from '../../seed.ts';
import { cardFacts } from '../card-providers.ts';
import { AdyenError, invalid } from './errors.ts';
import { store, type WalletToken, type WalletType } from './store.ts';

type PaymentMethod = components['schemas']['PaymentMethod'];
type ServiceError = components['schemas']['ServiceError'];

/** The Google Pay merchant id of the sandbox's test environment (Google's TEST environment takes any). */
export const GOOGLE_PAY_MERCHANT_ID = 'BCR2DN4TSANDBOX01';
/** Adyen's Apple Pay merchant identifier for the sandbox merchant (Adyen's certificate, test). */
export const APPLE_PAY_MERCHANT_ID = 'merchant.com.adyen.sandboxmerchantecom.test';

export const WALLET_NAMES: Record<WalletType, string> = { googlepay: 'Google Pay', applepay: 'Apple Pay' };

export const isWallet = (type: string | undefined): type is WalletType => type === 'googlepay' || type === 'applepay';

/**
 * The wallets as `/paymentMethods` lists them: the merchant account is Google Pay's
 * `gatewayMerchantId` (the gateway is `adyen`) and Apple Pay's `merchantName`.
 */
export function walletPaymentMethods(merchantAccount: string, brands: string[]): PaymentMethod[] {
  return [
    {
      type: 'googlepay',
      name: WALLET_NAMES.googlepay,
      brands,
      configuration: { merchantId: GOOGLE_PAY_MERCHANT_ID, gatewayMerchantId: merchantAccount },
    },
    {
      type: 'applepay',
      name: WALLET_NAMES.applepay,
      brands,
      configuration: { merchantId: APPLE_PAY_MERCHANT_ID, merchantName: merchantAccount },
    },
  ];
}

const base64 = (bytes: number) => randomBytes(bytes).toString('base64');

/** Google Pay's PaymentData token (ECv2); the encrypted message is the key the stand-in keeps. */
function googlePayToken(key: string): string {
  return JSON.stringify({
    signature: base64(70),
    intermediateSigningKey: {
      signedKey: JSON.stringify({ keyValue: base64(91), keyExpiration: String(Date.now() + 86_400_000) }),
      signatures: [base64(70)],
    },
    protocolVersion: 'ECv2',
    signedMessage: JSON.stringify({ encryptedMessage: key, ephemeralPublicKey: base64(65), tag: base64(32) }),
  });
}

/** Apple Pay's paymentData (EC_v1), stringified and base64-encoded; its data is the key kept. */
function applePayToken(key: string): string {
  const paymentData = {
    version: 'EC_v1',
    data: key,
    signature: base64(120),
    header: {
      ephemeralPublicKey: base64(91),
      publicKeyHash: base64(32),
      transactionId: randomBytes(32).toString('hex'),
    },
  };
  return Buffer.from(JSON.stringify(paymentData)).toString('base64');
}

/** The key inside a token shaped like the wallet's, or undefined when it is not one. */
function keyOf(type: WalletType, token: string): string | undefined {
  try {
    if (type === 'googlepay') {
      const parsed = JSON.parse(token) as { protocolVersion?: unknown; signedMessage?: unknown };
      if (parsed.protocolVersion !== 'ECv2' || typeof parsed.signedMessage !== 'string') return undefined;
      const message = JSON.parse(parsed.signedMessage) as { encryptedMessage?: unknown };
      return typeof message.encryptedMessage === 'string' ? message.encryptedMessage : undefined;
    }
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { version?: unknown; data?: unknown };
    return parsed.version === 'EC_v1' && typeof parsed.data === 'string' ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Adyen's answer to a wallet token it cannot decrypt. */
export const invalidWalletToken = (type: WalletType) =>
  type === 'googlepay' ? invalid('5_202', 'Invalid PayWithGoogle Token') : invalid('5_002', 'Invalid Apple Pay Token');

/**
 * The card a wallet token stands for, once: a token the stand-in did not issue (or for the other
 * wallet) cannot be decrypted, and a used one is refused the same way, as the wallet's cryptogram
 * is good for one payment.
 */
export function useWalletToken(type: WalletType, token: string): WalletToken {
  const key = keyOf(type, token);
  const issued = key === undefined ? undefined : store.walletTokens.get(key);
  if (!issued || issued.type !== type || issued.used) throw invalidWalletToken(type);
  issued.used = true;
  return issued;
}

const unauthorised: ServiceError = {
  status: 401,
  errorCode: '000',
  message: 'HTTP Status Response - Unauthorized',
  errorType: 'security',
};

const refuse = (res: Response, errorCode: string, message: string) => {
  res.status(422).json(new AdyenError(422, errorCode, message).body);
};

/** `POST /adyen/__wallet/tokens`: the wallet sheet's card as a token shaped like the wallet's. */
export function mountWalletControl(router: Router): void {
  // Browser-side, like Adyen's client-key endpoints: any origin, the client key in a header.
  router.use('/__wallet', (req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Allow-Headers', 'Content-Type, X-Client-Key');
    res.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') res.status(204).end();
    else next();
  });

  router.post('/__wallet/tokens', express.json({ limit: '100kb' }), (req: Request, res: Response) => {
    const clientKey = req.get('x-client-key') ?? (typeof req.query.clientKey === 'string' ? req.query.clientKey : '');
    if (clientKey !== CREDENTIALS.adyen.clientKey) {
      res.status(401).json(unauthorised);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    const type = body.type;
    if (type === undefined) return refuse(res, '702', "Required field 'type' is not provided.");
    if (!isWallet(typeof type === 'string' ? type : undefined))
      return refuse(res, '702', "Invalid value for field 'type': must be googlepay or applepay");
    const facts = cardFacts(text(body.number));
    if (!facts) return refuse(res, '101', 'Invalid card number');
    const expiryMonth = text(body.expiryMonth);
    const expiryYear = text(body.expiryYear);
    const month = Number(expiryMonth);
    if (!/^\d{1,2}$/.test(expiryMonth) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(expiryYear))
      return refuse(res, '129', 'Expiry Date Invalid');
    const wallet = type as WalletType;
    const key = base64(48);
    store.walletTokens.set(key, { type: wallet, number: facts.number, expiryMonth, expiryYear, used: false });
    res.json({ token: wallet === 'googlepay' ? googlePayToken(key) : applePayToken(key) });
  });
}
