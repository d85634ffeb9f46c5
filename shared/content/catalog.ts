import type { BrandSlug } from './brands.ts';
import type { CitySlug } from './cities.ts';

/*
 * Names and paths of the city and brand pages, without their page content. Navigation, the footer
 * and the route list import this instead of cities.ts and brands.ts so the browser bundle that
 * draws the header does not carry every landing page's copy. content.test.ts checks it against them.
 */

export interface CityCatalogEntry {
  slug: CitySlug;
  city: string;
  state: string;
  path: `/sell-watch-${CitySlug}`;
}

export interface BrandCatalogEntry {
  slug: BrandSlug;
  name: string;
  path: `/sell-${BrandSlug}-watch`;
  /** Three best-known models, shown under the brand in the desktop menu. */
  highlights: readonly [string, string, string];
}

function city(slug: CitySlug, name: string, state: string): CityCatalogEntry {
  return { slug, city: name, state, path: `/sell-watch-${slug}` };
}

function brand(
  slug: BrandSlug,
  name: string,
  highlights: readonly [string, string, string],
): BrandCatalogEntry {
  return { slug, name, path: `/sell-${slug}-watch`, highlights };
}

export const cityCatalog: readonly CityCatalogEntry[] = [
  city('sydney', 'Sydney', 'New South Wales'),
  city('melbourne', 'Melbourne', 'Victoria'),
  city('brisbane', 'Brisbane', 'Queensland'),
  city('perth', 'Perth', 'Western Australia'),
  city('adelaide', 'Adelaide', 'South Australia'),
  city('canberra', 'Canberra', 'Australian Capital Territory'),
  city('darwin', 'Darwin', 'Northern Territory'),
  city('hobart', 'Hobart', 'Tasmania'),
];

export const brandCatalog: readonly BrandCatalogEntry[] = [
  brand('rolex', 'Rolex', ['Submariner', 'Cosmograph Daytona', 'GMT-Master II']),
  brand('richard-mille', 'Richard Mille', ['RM 011', 'RM 035', 'RM 055']),
  brand('audemars-piguet', 'Audemars Piguet', [
    'Royal Oak Selfwinding',
    'Royal Oak Jumbo Extra-Thin',
    'Royal Oak Chronograph',
  ]),
  brand('patek-philippe', 'Patek Philippe', ['Nautilus', 'Aquanaut', 'Calatrava']),
  brand('fp-journe', 'F.P. Journe', ['Chronomètre Bleu', 'Chronomètre Souverain', 'Chronomètre à Résonance']),
  brand('vacheron-constantin', 'Vacheron Constantin', ['Overseas', 'Overseas Chronograph', 'Patrimony']),
  brand('cartier', 'Cartier', ['Santos de Cartier', 'Santos-Dumont', 'Tank Louis Cartier']),
];
