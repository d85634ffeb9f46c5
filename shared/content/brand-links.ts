import { brandPages } from './brands.ts';
import type { BrandLink } from './types.ts';

/** The brands we buy, linked to their official sites (opened in a new tab on city pages). */
export const officialBrandLinks: readonly BrandLink[] = [
  { name: 'Rolex', url: 'https://www.rolex.com', internal: false },
  { name: 'Omega', url: 'https://www.omegawatches.com', internal: false },
  { name: 'Patek Philippe', url: 'https://www.patek.com', internal: false },
  { name: 'Audemars Piguet', url: 'https://www.audemarspiguet.com', internal: false },
  { name: 'Cartier', url: 'https://www.cartier.com', internal: false },
  { name: 'Tudor', url: 'https://www.tudorwatch.com', internal: false },
  { name: 'Breitling', url: 'https://www.breitling.com', internal: false },
  { name: 'IWC', url: 'https://www.iwc.com', internal: false },
  { name: 'Panerai', url: 'https://www.panerai.com', internal: false },
  { name: 'Vacheron Constantin', url: 'https://www.vacheron-constantin.com', internal: false },
  { name: 'Jaeger-LeCoultre', url: 'https://www.jaeger-lecoultre.com', internal: false },
  { name: 'Hublot', url: 'https://www.hublot.com', internal: false },
  { name: 'Richard Mille', url: 'https://www.richardmille.com', internal: false },
  { name: 'F.P. Journe', url: 'https://www.fpjourne.com', internal: false },
];

/** Home-page brand grid: our own brand landing pages. */
export const brandGrid: readonly BrandLink[] = brandPages.map((b) => ({
  name: b.brandName,
  url: `/${b.urlSlug}`,
  internal: true,
}));
