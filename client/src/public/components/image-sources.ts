/**
 * Bundled images under /assets/ exist as WebP and as a JPEG twin (scripts/generate-images.ts), so
 * either name yields both: WebP for browsers that take it, JPEG otherwise.
 */
export function imageSources(src: string): { webp: string | null; fallback: string } {
  if (!src.startsWith('/assets/')) return { webp: null, fallback: src };
  if (src.endsWith('.webp')) return { webp: src, fallback: src.replace(/\.webp$/, '.jpg') };
  if (/\.(jpe?g|png)$/.test(src)) return { webp: src.replace(/\.(jpe?g|png)$/, '.webp'), fallback: src };
  return { webp: null, fallback: src };
}

/** Share of the image that must be on screen before it loads (docs/spec/public-site.md §9). */
export const LAZY_IMAGE_THRESHOLD = 0.1;
