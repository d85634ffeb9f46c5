import { type WatchBrandChoice, watchBrandChoices } from '../content/choices.ts';
import { readOneOf, readText } from '../url-search.ts';

/**
 * /sell?brand=&city= : a landing page's "Get Your Free Valuation" button carries its brand or city
 * so the form starts from it. Read without zod (see shared/url-search.ts); anything unusable is
 * ignored rather than shown.
 */
export interface SellSearchParams {
  brand?: WatchBrandChoice | undefined;
  city?: string | undefined;
}

const CITY_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
const MAX_CITY_LENGTH = 40;

export function parseSellSearch(raw: Record<string, unknown>): SellSearchParams {
  const city = readText(raw.city, MAX_CITY_LENGTH)?.trim();
  return {
    brand: readOneOf(raw.brand, watchBrandChoices),
    city: city && CITY_NAME.test(city) ? city : undefined,
  };
}

/** The form's choice for a landing page's brand name, when it is one of the 17. */
export function brandChoiceFor(brandName: string): WatchBrandChoice | undefined {
  const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
  return watchBrandChoices.find((choice) => key(choice) === key(brandName));
}

/** What the form's additional details start with when the seller came from a city page. */
export function cityNote(city: string): string {
  return `I'm based in ${city}.`;
}
