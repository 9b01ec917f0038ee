/** The Adyen stand-in tests' fixtures. */

/** The component's state.data browserInfo (Adyen requires it for 3-D Secure 2 on the web). */
export const BROWSER_INFO = {
  acceptHeader: '*/*',
  colorDepth: 24,
  javaEnabled: false,
  language: 'fr-FR',
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: -60,
  userAgent: 'Mozilla/5.0 (sandbox test)',
};
