import { describe, expect, it } from 'vitest';
import { vehicleImageOf } from './vehicle-image.ts';

const IMAGES = JSON.stringify({
  default: 'https://img.example/default.jpg',
  'Aurora Sport Tourer': 'https://img.example/sport-tourer.jpg',
});

describe('vehicleImageOf (storefront §2 product list feature image)', () => {
  it.each([
    ["the model's own picture", IMAGES, 'Aurora Sport Tourer', 'https://img.example/sport-tourer.jpg'],
    ['the default for a model without one', IMAGES, 'Aurora Kombi', 'https://img.example/default.jpg'],
    ['the default without a model', IMAGES, undefined, 'https://img.example/default.jpg'],
    ['nothing when there is no default either', JSON.stringify({ X: 'https://img.example/x.jpg' }), 'Y', null],
    ['nothing for an asset that is not JSON', '<p>pictures</p>', 'Aurora Sport Tourer', null],
    ['nothing for a JSON list', '["https://img.example/a.jpg"]', 'Aurora Sport Tourer', null],
    ['nothing for a script link', JSON.stringify({ default: 'javascript:alert(1)' }), 'X', null],
    ['nothing for a relative link', JSON.stringify({ default: '/images/a.jpg' }), 'X', null],
    ['nothing without the asset', null, 'Aurora Sport Tourer', null],
  ])('when asked, then %s', (_, body, model, expected) => {
    expect(vehicleImageOf(body, model)).toBe(expected);
  });
});
