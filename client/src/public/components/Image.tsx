import { useEffect, useRef, useState } from 'react';
import { imageSources, LAZY_IMAGE_THRESHOLD } from './image-sources.ts';

type Status = 'waiting' | 'loading' | 'loaded' | 'failed';

export interface ImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above-the-fold images load at once with high priority instead of on scroll. */
  priority?: boolean;
  className?: string;
}

/**
 * An image that loads when a tenth of it scrolls into view, shows a placeholder until then and
 * while loading, and says 'Failed to load image' if it cannot be loaded. The box keeps the image's
 * proportions from the start, so nothing shifts when it arrives.
 */
export function Image({ src, alt, width, height, priority = false, className }: ImageProps) {
  const [status, setStatus] = useState<Status>(priority ? 'loading' : 'waiting');
  const frame = useRef<HTMLDivElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const { webp, fallback } = imageSources(src);

  useEffect(() => {
    if (status !== 'waiting' || !frame.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      const frame = requestAnimationFrame(() => setStatus('loading'));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          setStatus('loading');
        }
      },
      { threshold: LAZY_IMAGE_THRESHOLD },
    );
    observer.observe(frame.current);
    return () => observer.disconnect();
  }, [status]);

  useEffect(() => {
    // A prerendered image may have finished (or failed) before React attached its handlers.
    const el = img.current;
    if (status !== 'loading' || !el?.complete) return;
    const frame = requestAnimationFrame(() => setStatus(el.naturalWidth > 0 ? 'loaded' : 'failed'));
    return () => cancelAnimationFrame(frame);
  }, [status]);

  // A priority image is shown by the browser as it arrives, over its placeholder, without waiting
  // for the page's JavaScript: it is usually the page's largest paint.
  const placeholder = (status === 'waiting' || status === 'loading') && (
    <span className="image-placeholder" aria-hidden="true" />
  );
  return (
    <div
      ref={frame}
      className={className ? `image-frame ${className}` : 'image-frame'}
      data-status={status}
      data-priority={priority ? '' : undefined}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {priority && placeholder}
      {(status === 'loading' || status === 'loaded') && (
        <picture>
          {webp && <source type="image/webp" srcSet={webp} />}
          <img
            ref={img}
            src={fallback}
            alt={alt}
            width={width}
            height={height}
            decoding={priority ? 'sync' : 'async'}
            fetchPriority={priority ? 'high' : 'auto'}
            onLoad={() => setStatus('loaded')}
            onError={() => setStatus('failed')}
          />
        </picture>
      )}
      {!priority && placeholder}
      {status === 'waiting' && (
        <noscript>
          <img src={fallback} alt={alt} width={width} height={height} />
        </noscript>
      )}
      {status === 'failed' && (
        <p className="image-error" role="img" aria-label={alt}>
          Failed to load image
        </p>
      )}
    </div>
  );
}
