// The vehicle's picture (storefront §2 Other screens: the product list's feature image; account
// §7: the my-services image asset): the My_Services_Image content asset is JSON of model name →
// image URL, with a `default`.

export const VEHICLE_IMAGES_ASSET_ID = 'My_Services_Image';

/** The model's picture, else the default; null when the asset is missing, not that JSON, or the link is not http(s). */
export function vehicleImageOf(assetBody: string | null | undefined, model: string | null | undefined): string | null {
  if (!assetBody) return null;
  let images: unknown;
  try {
    images = JSON.parse(assetBody);
  } catch {
    return null;
  }
  if (!images || typeof images !== 'object' || Array.isArray(images)) return null;
  const byModel = images as Record<string, unknown>;
  const url = (model ? byModel[model] : undefined) ?? byModel.default;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}
