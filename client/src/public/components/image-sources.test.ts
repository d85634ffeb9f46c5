import { describe, expect, it } from 'vitest';
import { imageSources, LAZY_IMAGE_THRESHOLD } from './image-sources.ts';

describe('image sources', () => {
  it('gives bundled images a WebP source and a JPEG fallback', () => {
    expect(imageSources('/assets/recent/recent-1.webp')).toEqual({
      webp: '/assets/recent/recent-1.webp',
      fallback: '/assets/recent/recent-1.jpg',
    });
    expect(imageSources('/assets/brands/rolex-hero.jpg')).toEqual({
      webp: '/assets/brands/rolex-hero.webp',
      fallback: '/assets/brands/rolex-hero.jpg',
    });
    expect(imageSources('/assets/icons/x.png').webp).toBe('/assets/icons/x.webp');
  });

  it('leaves other images alone', () => {
    expect(imageSources('https://cdn.example.com/a.jpg')).toEqual({
      webp: null,
      fallback: 'https://cdn.example.com/a.jpg',
    });
    expect(imageSources('/favicon.svg')).toEqual({ webp: null, fallback: '/favicon.svg' });
    expect(imageSources('/assets/logo.svg').webp).toBeNull();
  });

  it('loads at a tenth visible', () => {
    expect(LAZY_IMAGE_THRESHOLD).toBe(0.1);
  });
});
