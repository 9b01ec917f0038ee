/** The content library's assets the content pages show (storefront §3 Content assets). */
export const TERMS_ASSET_ID = 'Terms_Conditions';
