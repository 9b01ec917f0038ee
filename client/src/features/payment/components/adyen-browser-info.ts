/**
 * The `browserInfo` and `origin` of an Adyen card component's state.data, built as Adyen Web
 * builds them (its utils/browserInfo): the sandbox card form and wallet sheet stand in for Adyen's
 * components, so they hand over what the component's state.data holds (Adyen requires browserInfo
 * for 3-D Secure 2 on the web: docs.adyen.com/online-payments/3d-secure/api-reference).
 */
import type { AdyenStateData } from './payment-method-input.ts';

export function adyenBrowserState(): Pick<AdyenStateData, 'browserInfo' | 'origin'> {
  return {
    browserInfo: {
      acceptHeader: '*/*',
      javaEnabled: false,
      colorDepth: window.screen.colorDepth,
      language: window.navigator.language || 'en',
      screenHeight: window.screen.height,
      screenWidth: window.screen.width,
      userAgent: window.navigator.userAgent,
      timeZoneOffset: new Date().getTimezoneOffset(),
    },
    origin: window.location.origin,
  };
}

/**
 * The state.data an Adyen component would give for this method (Adyen Web v6 BaseElement.data):
 * the method, the browser and origin (Apple Pay's component gives neither), and Adyen Web's
 * `clientStateDataIndicator`. The sandbox has no risk module, so no `riskData`.
 */
export function sandboxStateData(paymentMethod: NonNullable<AdyenStateData['paymentMethod']>): AdyenStateData {
  return {
    paymentMethod,
    ...(paymentMethod.type === 'applepay' ? {} : adyenBrowserState()),
    clientStateDataIndicator: true,
  };
}
