import type { SiteConfig } from '../site/config.ts';
import type { Brand, InfoCard, Location, ProcessStep, TrustBadge } from './types.ts';

/** The 4-item trust strip under the hero of every city and brand page. */
export function trustStrip(site: SiteConfig): readonly TrustBadge[] {
  const { rating, reviewCount, authenticationPoints, responseHours } = site.claims;
  return [
    {
      icon: 'star',
      title: `${rating.toFixed(1)} rating`,
      description: `From ${reviewCount.toLocaleString('en-AU')} seller reviews`,
    },
    {
      icon: 'shield-check',
      title: `${authenticationPoints}-point authentication`,
      description: 'By certified watchmakers',
    },
    { icon: 'banknote', title: 'No seller fees', description: 'Free valuation and standard payment' },
    { icon: 'clock', title: `${responseHours}-hour response`, description: 'To every enquiry' },
  ];
}

/** The city page's 3 steps; step 2 names the first 3 local areas (docs/spec/public-site.md §2, city landing pages). */
export function cityHowItWorks(city: Location, site: SiteConfig): readonly ProcessStep[] {
  const [a, b, c] = city.localAreas;
  return [
    {
      step: 1,
      icon: 'clipboard',
      title: 'Fill Out the Form',
      description: `Send us your watch details and a few photos; it takes under ${site.claims.formMinutes} minutes. We reply with a preliminary quote within ${site.claims.responseHours} hours.`,
    },
    {
      step: 2,
      icon: 'users',
      title: 'Visit Our Experts',
      description: `Meet our certified watchmakers at a private appointment in ${city.city}, convenient for ${a}, ${b} and ${c}. They inspect the watch with you and confirm the final offer.`,
    },
    {
      step: 3,
      icon: 'banknote',
      title: 'Get Paid',
      description: `${site.claims.paymentPromise}. There are no seller fees.`,
    },
  ];
}

/** The brand page's 3 steps: submit, expert authentication, instant payment. */
export function brandSteps(brand: Brand, site: SiteConfig): readonly ProcessStep[] {
  return [
    {
      step: 1,
      icon: 'clipboard',
      title: 'Submit Your Watch',
      description: `Tell us the model, year and condition of your ${brand.brandName} and add a few photos. It takes under ${site.claims.formMinutes} minutes.`,
    },
    {
      step: 2,
      icon: 'shield-check',
      title: 'Expert Authentication',
      description: `Our watchmakers inspect your ${brand.brandName} in person with a ${site.claims.authenticationPoints}-point check and confirm the final offer.`,
    },
    {
      step: 3,
      icon: 'banknote',
      title: 'Instant Payment',
      description: `${site.claims.paymentPromise}, straight to your Australian bank account.`,
    },
  ];
}

export function brandWhyUs(brand: Brand, site: SiteConfig): readonly InfoCard[] {
  return [
    {
      icon: 'gem',
      title: `${brand.brandName} specialists`,
      description: `We buy ${brand.brandName} watches every month and price them against recent sales of the same reference, not a generic table.`,
    },
    {
      icon: 'eye',
      title: 'A transparent offer',
      description:
        'We explain how we reached the figure: reference, condition, box and papers, service history and current demand.',
    },
    {
      icon: 'lock',
      title: 'Discreet and secure',
      description:
        'Private appointments, insured handling and no public listing of your watch or your details.',
    },
    {
      icon: 'calendar',
      title: `Trusted since ${site.claims.establishedYear}`,
      description: `A licensed second-hand dealer with over ${site.claims.transactions.toLocaleString('en-AU')} transactions across Australia.`,
    },
  ];
}

/** The 4 checks of the brand page's authentication section. */
export function brandChecks(brand: Brand): readonly InfoCard[] {
  return [
    {
      icon: 'cog',
      title: 'Movement Analysis',
      description: `The caseback is opened and the calibre, its finishing and its running are checked against what ${brand.brandName} fitted to the reference.`,
    },
    {
      icon: 'search',
      title: 'Case Verification',
      description:
        'Case, bezel, crystal, crown, dial and hands are examined under magnification for correct materials, engravings and finishing.',
    },
    {
      icon: 'hash',
      title: 'Serial Numbers',
      description:
        'Reference and serial numbers are read from the case and matched against the papers, warranty card or service records supplied.',
    },
    {
      icon: 'gauge',
      title: 'Condition Assessment',
      description:
        'Wear, polishing, service history and timekeeping are graded so the offer reflects the watch in front of us.',
    },
  ];
}

export interface Stat {
  value: string;
  label: string;
}

export function brandStats(site: SiteConfig): readonly Stat[] {
  return [
    { value: `${site.claims.authenticationPoints}`, label: 'authentication checks' },
    { value: `${site.claims.transactions.toLocaleString('en-AU')}+`, label: 'transactions' },
    { value: `${site.claims.responseHours}h`, label: 'response time' },
    { value: `${site.claims.rating.toFixed(1)}/5`, label: 'seller rating' },
  ];
}
