// Checklist: every call of §7 of both spec documents, and every screen's data need (§2, plus the
// authentication flow of storefront §4), mapped to the contract operation that serves it.
// coverage.test.ts fails for a row whose operation is missing, and for an upstream operation that
// no row motivates.
import type { ContractName } from './lib/openapi.ts';

export type ChecklistDoc = 'storefront §7' | 'account §7' | 'storefront §2' | 'account §2' | 'storefront §4';

export interface ChecklistRow {
  doc: ChecklistDoc;
  /** The spec's purpose text (or the screen and its data need). */
  call: string;
  contract: ContractName;
  operationId: string;
}

const sf7 = (call: string, contract: ContractName, operationId: string): ChecklistRow => ({
  doc: 'storefront §7',
  call,
  contract,
  operationId,
});
const ac7 = (call: string, contract: ContractName, operationId: string): ChecklistRow => ({
  doc: 'account §7',
  call,
  contract,
  operationId,
});
const sf2 = (call: string, operationId: string): ChecklistRow => ({
  doc: 'storefront §2',
  call,
  contract: 'proxy',
  operationId,
});
const ac2 = (call: string, operationId: string): ChecklistRow => ({
  doc: 'account §2',
  call,
  contract: 'proxy',
  operationId,
});
const sf4 = (call: string, contract: ContractName, operationId: string): ChecklistRow => ({
  doc: 'storefront §4',
  call,
  contract,
  operationId,
});

export const CHECKLIST: ChecklistRow[] = [
  // ---- storefront §7: commerce platform (shopper API) ----
  sf7('Guest or registered authorize', 'commerce', 'authorizeCustomer'),
  sf7('Token exchange', 'commerce', 'getAccessToken'),
  sf7('Refresh token', 'commerce', 'getAccessToken'),
  sf7('Logout', 'commerce', 'logoutCustomer'),
  sf7('Session creation', 'commerce', 'createSession'),
  sf7("Get customer's baskets", 'commerce', 'getCustomerBaskets'),
  sf7('Create basket', 'commerce', 'createBasket'),
  sf7('Basket read', 'commerce', 'getBasket'),
  sf7('Basket update (currency)', 'commerce', 'updateBasket'),
  sf7('Basket delete', 'commerce', 'deleteBasket'),
  sf7('Merge basket', 'commerce', 'mergeBasket'),
  sf7('Add item', 'commerce', 'addItemToBasket'),
  sf7('Update item', 'commerce', 'updateItemInBasket'),
  sf7('Remove item', 'commerce', 'removeItemFromBasket'),
  sf7('Shipping address', 'commerce', 'updateShippingAddressForShipment'),
  sf7('Shipping method', 'commerce', 'updateShippingMethodForShipment'),
  sf7('Billing address', 'commerce', 'updateBillingAddressForBasket'),
  sf7('Payment instrument (add)', 'commerce', 'addPaymentInstrumentToBasket'),
  sf7('Payment instrument (delete)', 'commerce', 'removePaymentInstrumentFromBasket'),
  sf7('Update basket customer', 'commerce', 'updateCustomerForBasket'),
  sf7('Coupons (add)', 'commerce', 'addCouponToBasket'),
  sf7('Coupons (remove)', 'commerce', 'removeCouponFromBasket'),
  sf7('Shipping methods for a shipment', 'commerce', 'getShippingMethodsForShipment'),
  sf7('Payment methods for the basket', 'commerce', 'getPaymentMethodsForBasket'),
  sf7('Products by ids', 'commerce', 'getProducts'),
  sf7('Product by id with allImages=true', 'commerce', 'getProduct'),
  sf7('Promotions by ids', 'commerce', 'getPromotions'),
  sf7('Category', 'commerce', 'getCategory'),
  sf7('Create order', 'commerce', 'createOrder'),
  sf7('Get order', 'commerce', 'getOrder'),
  sf7('Update order', 'commerce', 'updateOrder'),
  sf7('Customer get', 'commerce', 'getCustomer'),
  sf7('Register customer', 'commerce', 'registerCustomer'),
  sf7('Update customer', 'commerce', 'updateCustomer'),
  sf7('Update password', 'commerce', 'updateCustomerPassword'),
  sf7('Reset password token', 'commerce', 'getResetPasswordToken'),
  sf7('Addresses (create)', 'commerce', 'createCustomerAddress'),
  sf7('Addresses (update)', 'commerce', 'updateCustomerAddress'),
  sf7('Addresses (delete)', 'commerce', 'removeCustomerAddress'),
  sf7('Customer payment instruments (create)', 'commerce', 'createCustomerPaymentInstrument'),
  sf7('Customer payment instruments (delete)', 'commerce', 'deleteCustomerPaymentInstrument'),
  sf7('Order list', 'commerce', 'getCustomerOrders'),
  sf7('Content asset', 'commerce', 'getContentAsset'),
  sf7('Controller call (GET)', 'commerce', 'callControllerGet'),
  sf7('Controller call (POST)', 'commerce', 'callControllerPost'),
  sf7('Custom object', 'commerce', 'getCustomObject'),
  sf7('Custom-attribute updates on customer', 'commerce', 'updateCustomer'),
  sf7('Maintenance status', 'commerce', 'getMaintenanceStatus'),

  // ---- storefront §7: service proxy ----
  sf7('GET identity-provider logout', 'vehicles', 'logoutIdentity'),
  sf7('POST identity-provider access token (customerCode, codeVerifier, origin)', 'vehicles', 'exchangeIdentityCode'),
  sf7('GET vehicle lookup (vin, cryptedVin or userMailToken; version 11 or 12 by market)', 'vehicles', 'lookupVehicle'),
  sf7('POST controller call SOM History', 'som', 'getOrderHistory'),
  sf7('POST controller call SOM Details', 'som', 'getOrderDetails'),
  sf7('POST controller call SOM CreditNoteDetails', 'som', 'getCreditNoteDetails'),
  sf7('POST controller call SOM SubscriptionList', 'som', 'getSubscriptionList'),
  sf7('POST controller call SOM PaymentMethodInformation', 'som', 'getPaymentMethodInformation'),
  sf7('POST controller call SOM ActiveSubsctionList', 'som', 'getActiveSubscriptionList'),
  sf7('POST controller call SOM UpdateOmsRecord', 'som', 'updateOmsRecord'),
  sf7('POST credit notes (recordType, recordId): PDF', 'som', 'getDocumentPdf'),
  sf7('GET search-assets (FAQ content)', 'commerce', 'searchContent'),
  sf7('GET top renewal FAQs (market, auto-renew flag, context renewals)', 'vehicles', 'getTopRenewalFaqs'),
  sf7('GET geolocation (country, ip)', 'vehicles', 'getGeolocation'),
  sf7('Card provider A: POST payment-method (allowedPaymentMethods)', 'adyen', 'postPaymentMethods'),
  sf7('Card provider A: POST payments', 'adyen', 'postPayments'),
  sf7('Card provider A: payment details after a redirect (3-D Secure action)', 'adyen', 'postPaymentsDetails'),
  sf7('Card provider A: GET saved payment methods', 'adyen', 'getStoredPaymentMethods'),
  sf7('Card provider A: DELETE a payment method', 'adyen', 'deleteStoredPaymentMethodsStoredPaymentMethodId'),
  sf7('Card provider B: customer find by sap id', 'stripe', 'getCustomersSearch'),
  sf7('Card provider B: customer get by stripeCustomerId', 'stripe', 'getCustomersCustomer'),
  sf7('Card provider B: customer create (sap_cdc_id, email, name, localeId, hostName)', 'stripe', 'postCustomers'),
  sf7('Card provider B: setup-intent service', 'stripe', 'postSetupIntents'),
  sf7(
    'Card provider B: payment-method-type service (create the card or bank-debit payment method)',
    'stripe',
    'postPaymentMethods',
  ),
  sf7('Card provider B: GET setup-intent service (read the setup intent back)', 'stripe', 'getSetupIntentsIntent'),
  sf7('Card provider B: attach payment method', 'stripe', 'postPaymentMethodsPaymentMethodAttach'),
  sf7('Card provider B: setup confirmation with a return URL', 'stripe', 'postSetupIntentsIntentConfirm'),
  sf7('Card provider B: retrieve a payment method', 'stripe', 'getPaymentMethodsPaymentMethod'),
  sf7('Card provider B: detach a payment method', 'stripe', 'postPaymentMethodsPaymentMethodDetach'),
  sf7('Get order by id', 'vehicles', 'getOrderById'),
  sf7('Fail order (id, customer name)', 'vehicles', 'failOrder'),
  sf7("Load customer's connected services", 'vehicles', 'getConnectedServices'),
  sf7('Session check', 'vehicles', 'checkSession'),

  // ---- storefront §7: address capture ----
  sf7('POST Find (form-encoded)', 'loqate', 'findAddresses'),
  sf7('POST Retrieve (form-encoded)', 'loqate', 'retrieveAddress'),

  // ---- storefront §4: authentication flow (external login) ----
  sf4('External login: redirect to the identity provider (authorization code with PKCE)', 'identity', 'authorize'),
  sf4(
    'External login: the code and code verifier are exchanged for tokens (principalUUID, idToken)',
    'identity',
    'exchangeToken',
  ),
  sf4('Logout: the identity-provider session is ended as well', 'identity', 'endSession'),
  // "On payment": an order is paid or nothing is charged (issue 17's failure points after a charge).
  sf4(
    'On payment: a payment whose answer was lost is cancelled by the order number (technical cancel)',
    'adyen',
    'postCancels',
  ),
  sf4(
    'On payment: a paid order that cannot be placed has its payment reversed (cancel or refund)',
    'adyen',
    'postPaymentsPaymentPspReferenceReversals',
  ),
  // Issue 29: the checkout's SetupIntent names its order, and a failed order's is given back.
  sf4(
    "On payment: the checkout's SetupIntent, confirmed again for the next order, names that order (metadata)",
    'stripe',
    'postSetupIntentsIntent',
  ),
  sf4(
    'On payment: the SetupIntent of an order that fails before it succeeded is canceled',
    'stripe',
    'postSetupIntentsIntentCancel',
  ),
  // Issue 31: the renewals charge the method the order keeps (the order system's call; the sandbox's renewal-charge control).
  sf4(
    "On payment: a renewal charges the order's stored method off-session (card, or the SEPA method iDEAL/Bancontact generated)",
    'stripe',
    'postPaymentIntents',
  ),
  sf4("On payment: a renewal's SEPA Direct Debit is read again after processing", 'stripe', 'getPaymentIntentsIntent'),
  sf4(
    'External login: the registered shopper’s commerce tokens after the identity provider’s login (trusted-system on behalf of)',
    'commerce',
    'getTrustedSystemAccessToken',
  ),
  sf4(
    'External login: provider metadata (endpoints) for the login redirect and the token exchange',
    'identity',
    'getOpenIdConfiguration',
  ),
  sf4('External login: the id token is verified before its identifier attributes are trusted', 'identity', 'getJwks'),
  sf4(
    'External login: identifier attributes (customer-relations id, directory UID) of the shopper',
    'identity',
    'getUserInfo',
  ),

  // ---- account §7 ----
  ac7('Orders list (method History)', 'som', 'getOrderHistory'),
  ac7('Order detail (method Details)', 'som', 'getOrderDetails'),
  ac7('Credit note detail (CreditNoteDetails)', 'som', 'getCreditNoteDetails'),
  ac7('Invoice and credit-note PDF: POST credit notes', 'som', 'getDocumentPdf'),
  ac7(
    'Content asset by assetId (Need_any_Help, Need_Help_Content, my-services image asset)',
    'commerce',
    'getContentAsset',
  ),
  ac7('Shopper product by id with all images', 'commerce', 'getProduct'),
  ac7('Request refund', 'som', 'requestRefund'),
  ac7('Cancel auto-renewal', 'som', 'cancelAutoRenewal'),
  ac7('Reactivate auto-renewal', 'som', 'reactivateAutoRenewal'),
  ac7('Payment info bundle (PaymentMethodInformation)', 'som', 'getPaymentMethodInformation'),
  ac7('Subscription list (SubscriptionList)', 'som', 'getSubscriptionList'),
  ac7('Subscription list (ActiveSubsctionList)', 'som', 'getActiveSubscriptionList'),
  ac7('Add payment method (no record)', 'som', 'addPaymentMethod'),
  ac7('Update payment method', 'som', 'updatePaymentMethod'),
  ac7('Delete payment method', 'som', 'deletePaymentMethod'),
  ac7('Update billing address', 'som', 'updateBillingAddress'),
  ac7('Update order-management record (UpdateOmsRecord)', 'som', 'updateOmsRecord'),
  ac7('FAQ content: GET search-assets', 'commerce', 'searchContent'),
  ac7('Geolocation: GET with authorization header (Adyen provider)', 'vehicles', 'getGeolocation'),
  ac7('Card provider calls: Adyen saved payment methods (get)', 'adyen', 'getStoredPaymentMethods'),
  ac7(
    'Card provider calls: Adyen saved payment methods (remove)',
    'adyen',
    'deleteStoredPaymentMethodsStoredPaymentMethodId',
  ),
  ac7('Card provider calls: Adyen payment-method call', 'adyen', 'postPaymentMethods'),
  ac7('Card provider calls: Adyen payments call', 'adyen', 'postPayments'),
  ac7('Card provider calls: Stripe customer find', 'stripe', 'getCustomersSearch'),
  ac7('Card provider calls: Stripe customer create', 'stripe', 'postCustomers'),
  ac7('Card provider calls: Stripe setup intent', 'stripe', 'postSetupIntents'),
  ac7(
    'Card provider calls: Stripe setup confirmation with a return URL to the payment method page',
    'stripe',
    'postSetupIntentsIntentConfirm',
  ),
  ac7(
    'Card provider calls: Stripe setup intent read back on return (setup_intent, redirect_status)',
    'stripe',
    'getSetupIntentsIntent',
  ),
  ac7('Card provider calls: Stripe retrieval of a payment method', 'stripe', 'getPaymentMethodsPaymentMethod'),
  ac7('Card provider calls: Stripe detach', 'stripe', 'postPaymentMethodsPaymentMethodDetach'),

  // ---- storefront §2: screens → proxy ----
  sf2('Shell/header: session state (guest or registered, greeting first name)', 'getSession'),
  sf2('Shell: guest login when no valid token exists (once more after a failed refresh)', 'createGuestSession'),
  sf2('Shell: message catalogue per locale', 'getTranslations'),
  sf2('Header: log-out', 'logout'),
  sf2('Header: account button starts the external login', 'startLogin'),
  sf2('Login redirect /callback: external login code exchange', 'completeLogin'),
  sf2('Renewal page: vehicle for the VIN / encrypted VIN / mail token', 'lookupVehicle'),
  sf2('Renewal page: product with variants (plans), images, benefits, expiry state', 'getRenewalPage'),
  sf2('Renewal page: FAQ section (top renewal FAQs)', 'getRenewalPage'),
  sf2('Renewal page: countries included modal (countries asset)', 'getRenewalPage'),
  sf2('Renewal page: renew now adds the item or updates its plan', 'renewItem'),
  sf2('Mini-cart: basket items and total', 'getBasket'),
  sf2('Mini-cart / order summary: remove the item', 'removeItem'),
  sf2('Checkout: state and first incomplete step', 'getCheckoutState'),
  sf2('Checkout step login: guest e-mail on the basket', 'setCustomerEmail'),
  sf2('Checkout step shipping address', 'setShippingAddress'),
  sf2('Checkout step shipping method: available methods', 'listShippingMethods'),
  sf2('Checkout step shipping method: choose one', 'setShippingMethod'),
  sf2('Checkout step billing address', 'setBillingAddress'),
  sf2('Checkout step billing address: address capture find', 'findAddresses'),
  sf2('Checkout step billing address: address capture retrieve', 'retrieveAddress'),
  sf2('Checkout step billing address: address form mode (lookup available or manual entry)', 'probeAddressLookup'),
  sf2('Checkout step payment: payment methods of the basket and payment form setup', 'setupPayment'),
  sf2('Checkout step payment: sandbox card form tokenises the card (sandbox mode)', 'tokenizeSandboxCard'),
  sf2('Checkout step payment: place the order and pay', 'placeOrder'),
  sf2('Payment confirmation: provider return (3-D Secure, bank page, setup confirmation)', 'confirmPayment'),
  sf2('Confirmation /confirmation/{orderNo}: order summary, payment method, vehicle', 'getOrderConfirmation'),
  sf2('Error page /vin-error: VIN input plus check-subscriptions', 'lookupVehicle'),
  sf2('Maintenance: polled storefront status', 'getMaintenanceStatus'),
  sf2('Help centre: FAQ search with categories and top FAQs', 'searchFaqs'),
  sf2('FAQ page /faqs: FAQ accordion', 'searchFaqs'),
  sf2('Footer: content asset', 'getContentAsset'),
  sf2('Product list page for a VIN: vehicle and its services (product grid)', 'lookupVehicle'),
  sf2('Language splash: country label and languages (site configuration)', 'getSiteConfig'),
  sf2('Card provider choice: country and IP of the caller (Adyen markets)', 'getGeolocation'),
  sf2('Terms and conditions page: content asset', 'getContentAsset'),

  // ---- account §2: screens → proxy ----
  ac2('My Overview: vehicle and expiring services', 'getAccountOverview'),
  ac2('My Subscriptions: subscription list', 'listSubscriptions'),
  ac2('Manage modal: request refund', 'requestRefund'),
  ac2('Manage modal: cancel auto-renewal', 'cancelAutoRenewal'),
  ac2('Manage modal: turn on auto-renewal', 'reactivateAutoRenewal'),
  ac2('My Orders: orders list', 'listOrders'),
  ac2('Order detail: order, items, billing, payment, status timeline', 'getOrder'),
  ac2('Order detail: invoice PDF', 'getInvoiceDocument'),
  ac2('Order detail: credit-note PDF', 'getCreditNoteDocument'),
  ac2('Payment method page: saved method and billing address', 'getPaymentMethod'),
  ac2('Payment method page: add payment method', 'addPaymentMethod'),
  ac2('Payment method page: edit payment method', 'updatePaymentMethod'),
  ac2('Payment method page: delete payment method', 'deletePaymentMethod'),
  ac2('Payment method page: edit billing address', 'updateBillingAddress'),
  ac2('Payment method page: finish bank-debit save on return (setup_intent, redirect_status)', 'confirmPayment'),
  ac2('Help & Support: need-help content asset and FAQ accordion', 'getHelpContent'),
];
