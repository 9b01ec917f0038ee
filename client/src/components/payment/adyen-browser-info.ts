/**
 * The `browserInfo` and `origin` of an Adyen card component's state.data, built as Adyen Web
 * builds them (its utils/browserInfo): the sandbox card form stands in for Adyen's secured
 * fields, so it hands over what the component's state.data holds (Adyen requires browserInfo
 * for 3-D Secure 2 on the web: docs.adyen.com/online-payments/3d-secure/api-reference).
 */
import type { PaymentMethodInput } from './payment-method-input.ts';

export function adyenStateExtras(): Pick<PaymentMethodInput, 'adyenBrowserInfo' | 'adyenOrigin'> {
  return {
    adyenBrowserInfo: {
      acceptHeader: '*/*',
      javaEnabled: false,
      colorDepth: window.screen.colorDepth,
      language: window.navigator.language || 'en',
      screenHeight: window.screen.height,
      screenWidth: window.screen.width,
      userAgent: window.navigator.userAgent,
      timeZoneOffset: new Date().getTimezoneOffset(),
    },
    adyenOrigin: window.location.origin,
  };
}
