import { describe, expect, it } from 'vitest';

import { imageFileUrl } from './images.ts';

describe('imageFileUrl', () => {
  it('leaves every image on the store without ASSETS_URL', () => {
    expect(imageFileUrl('/uploads/products/neon-tee-a1b2c3', 320, null)).toBe(
      '/uploads/products/neon-tee-a1b2c3-320.webp',
    );
    expect(imageFileUrl('/images/products/astro-kid-tee-1', 960, undefined)).toBe(
      '/images/products/astro-kid-tee-1-960.webp',
    );
  });

  it('points uploaded images at ASSETS_URL, and only those', () => {
    const cdn = 'https://cdn.example.in/shop';
    expect(imageFileUrl('/uploads/products/neon-tee-a1b2c3', 640, cdn)).toBe(
      'https://cdn.example.in/shop/uploads/products/neon-tee-a1b2c3-640.webp',
    );
    expect(imageFileUrl('/images/products/astro-kid-tee-1', 640, cdn)).toBe(
      '/images/products/astro-kid-tee-1-640.webp',
    );
    expect(imageFileUrl('/uploads/productsx/other', 640, cdn)).toBe('/uploads/productsx/other-640.webp');
  });
});
