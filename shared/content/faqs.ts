import type { SiteConfig } from '../site/config.ts';
import { watchBrandChoices } from './choices.ts';
import type { Brand, FaqItem, Location } from './types.ts';

/** "a, b and c": Australian style, no serial comma. */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/*
 * The terms of sale are written once here so every FAQ states them the same way as the Terms page
 * (docs/spec/public-site.md §1): no seller fees, preliminary quotes, revised offer or return at our expense, no cooling-off.
 */
const terms = {
  noFees: 'There are no fees for the valuation, the authentication or standard payment by bank transfer.',
  preliminary:
    'Any quote based on your form and photos is preliminary; the final price is confirmed once our watchmakers have inspected the watch in person.',
  revisedOrReturn:
    'If the inspection reveals a condition that was not disclosed, such as a replaced part or a movement that needs servicing, you choose: accept a revised offer, or have the watch returned to you at our expense.',
  noCoolingOff:
    'Once payment has been made the sale is final and there is no cooling-off period, so take whatever time you need before accepting an offer.',
};

function response(site: SiteConfig): string {
  return `We respond to every enquiry within ${site.claims.responseHours} hours.`;
}

function payment(site: SiteConfig): string {
  return `${site.claims.paymentPromise}. Payment goes to your nominated Australian bank account.`;
}

export function homeFaqs(site: SiteConfig): readonly FaqItem[] {
  return [
    {
      question: 'How does selling my watch work?',
      answer: `Fill out our online form with your watch details and a few photos; it takes under ${site.claims.formMinutes} minutes. ${response(site)} If you like the preliminary quote, we arrange a time for our watchmakers to inspect the watch, confirm the final offer and pay you. ${terms.noFees}`,
    },
    {
      question: 'How do you value my watch?',
      answer: `We look at the brand, model and reference, the age and condition of the watch, whether it comes with its original box and papers, its service history, and what comparable watches are selling for in Australia and overseas. ${terms.preliminary}`,
    },
    {
      question: 'How and when will I be paid?',
      answer: `${payment(site)} ${terms.noFees}`,
    },
    {
      question: 'How do you authenticate watches?',
      answer: `Certified watchmakers carry out a ${site.claims.authenticationPoints}-point inspection: they open the case to verify the movement, check the case, dial, hands and bracelet, match serial and reference numbers against any papers, and measure timekeeping on a timegrapher.`,
    },
    {
      question: 'What if the inspection does not match my description, and can I change my mind?',
      answer: `${terms.revisedOrReturn} ${terms.noCoolingOff}`,
    },
  ];
}

export function cityFaqs(city: Location, site: SiteConfig): readonly FaqItem[] {
  const brands = watchBrandChoices.filter((b) => b !== 'Other');
  return [
    {
      question: `How do I sell my watch in ${city.city}?`,
      answer: `Start with our online form; it takes under ${site.claims.formMinutes} minutes. After a preliminary quote we arrange a private appointment in ${city.city} for our watchmakers to inspect the watch. We see sellers from ${formatList(city.schemaData.areaServed)} and the surrounding areas.`,
    },
    {
      question: `How quickly will I hear back?`,
      answer: `${response(site)} ${terms.preliminary}`,
    },
    {
      question: `How will I be paid in ${city.city}?`,
      answer: `${payment(site)} ${terms.noFees}`,
    },
    {
      question: `Which watch brands do you buy in ${city.city}?`,
      answer: `We buy ${formatList(brands)} watches, as well as other fine Swiss and independent makers. Modern and vintage pieces are both welcome, with or without box and papers.`,
    },
    {
      question: 'What if the inspection finds something I did not know about?',
      answer: terms.revisedOrReturn,
    },
    {
      question: 'Can I cancel the sale after I have been paid?',
      answer: terms.noCoolingOff,
    },
  ];
}

export function brandFaqs(brand: Brand, site: SiteConfig): readonly FaqItem[] {
  return [
    {
      question: `How much is my ${brand.brandName} worth?`,
      answer: `It depends on the model and reference, age, condition, whether the box and papers are present, service history and current demand. Send us the details through our online form. ${response(site)} ${terms.preliminary}`,
    },
    {
      question: `Which ${brand.brandName} models do you buy?`,
      answer: `We buy ${brand.brandName} watches from across the range, modern and vintage, including the ${formatList(brand.popularModels)}.`,
    },
    {
      question: `How do you authenticate ${brand.brandName} watches?`,
      answer: `Certified watchmakers carry out a ${site.claims.authenticationPoints}-point inspection. ${brand.authenticationDetails}`,
    },
    {
      question: `Do I need the box and papers to sell my ${brand.brandName}?`,
      answer: `No. We buy watches without box or papers once our watchmakers have authenticated them. Original box, papers and service records usually add to the value, so include them if you have them.`,
    },
    {
      question: 'How and when will I be paid?',
      answer: `${payment(site)} ${terms.noFees}`,
    },
    {
      question: 'What if the inspection finds a problem, and can I change my mind later?',
      answer: `${terms.revisedOrReturn} ${terms.noCoolingOff}`,
    },
  ];
}
