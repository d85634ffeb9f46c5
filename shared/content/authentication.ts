import type { SiteConfig } from '../site/config.ts';
import type { InfoCard, ProcessStep, ResourceLink } from './types.ts';

/** Copy of the /watch-authentication page (docs/spec/public-site.md §2). */

export interface BrandSpeciality {
  brand: string;
  /** Our own landing page for the brand, when there is one. */
  url: string | null;
  checks: readonly string[];
}

export function authenticationIntro(site: SiteConfig): string {
  return `Every watch we buy is examined by certified watchmakers in a ${site.claims.authenticationPoints}-point inspection before we confirm an offer. The same inspection tells you whether a watch you inherited, were given or bought privately is what it claims to be, and what condition it is really in.`;
}

export const authenticationSteps: readonly ProcessStep[] = [
  {
    step: 1,
    icon: 'search',
    title: 'Visual Inspection',
    description:
      'Under magnification we examine the case, bezel, crystal, crown, dial, hands and bracelet for correct materials, fonts, engravings and finishing, and for signs of polishing, refinishing or replaced parts.',
  },
  {
    step: 2,
    icon: 'cog',
    title: 'Movement Analysis',
    description:
      'The caseback is opened in a clean environment. The calibre, its decoration and its serial are checked against the reference, and a timegrapher measures rate, amplitude and beat error in several positions.',
  },
  {
    step: 3,
    icon: 'file-text',
    title: 'Documentation Review',
    description:
      'Reference and serial numbers are matched against the warranty card or papers, service receipts and any archive extract, and the box and accessories are checked for the right period.',
  },
  {
    step: 4,
    icon: 'award',
    title: 'Final Certification',
    description:
      'You receive a written report of what we found: authenticity, originality of parts, condition grade and timekeeping, together with our offer if you want to sell.',
  },
];

export const brandSpecialities: readonly BrandSpeciality[] = [
  {
    brand: 'Rolex',
    url: '/sell-rolex-watch',
    checks: [
      'Laser-etched crown in the crystal at 6 o’clock on modern watches',
      'Rehaut engraving aligned with the minute track',
      '2.5× Cyclops magnification over the date',
      'Calibre finishing and serial against the papers',
    ],
  },
  {
    brand: 'Omega',
    url: '/blog/authenticate-vintage-omega-speedmaster',
    checks: [
      'Calibre 321, 861 or 1861 matched to the Speedmaster reference',
      'Caseback engravings and the hippocampus or Speedmaster logo',
      'Dial printing, tritium or Super-LumiNova lume and hand shapes',
      'Bezel insert style for the period',
    ],
  },
  {
    brand: 'Patek Philippe',
    url: '/sell-patek-philippe-watch',
    checks: [
      'Movement finishing to the Patek Philippe Seal standard',
      'Case and movement numbers against the Certificate of Origin',
      'Dial, hands and applied markers for the reference',
      'Archive extract for vintage pieces where available',
    ],
  },
  {
    brand: 'Audemars Piguet',
    url: '/sell-audemars-piguet-watch',
    checks: [
      'Tapisserie dial pattern and the AP logo position',
      'Octagonal bezel screws aligned and correctly finished',
      'Caseback serial, reference and calibre engravings',
      'Bracelet links tapering as the reference requires',
    ],
  },
];

export function authenticationReasons(site: SiteConfig): readonly InfoCard[] {
  return [
    {
      icon: 'users',
      title: 'Certified watchmakers',
      description:
        'Inspections are carried out by qualified watchmakers who service these movements, not by a sales desk.',
    },
    {
      icon: 'shield-check',
      title: `${site.claims.authenticationPoints}-point inspection`,
      description:
        'The same documented checklist for every watch, from a vintage Speedmaster to a current Nautilus.',
    },
    {
      icon: 'file-text',
      title: 'A written report',
      description: 'You keep a record of the findings whether or not you decide to sell to us.',
    },
    {
      icon: 'banknote',
      title: 'Free with every valuation',
      description: `There is no charge for authenticating a watch you are thinking of selling, and we respond within ${site.claims.responseHours} hours.`,
    },
  ];
}

export const authenticationResources: readonly ResourceLink[] = [
  {
    title: 'How to Authenticate a Vintage Omega Speedmaster',
    description: 'The details watchmakers check on one of the most faked vintage chronographs.',
    url: '/blog/authenticate-vintage-omega-speedmaster',
  },
  {
    title: 'The Complete Guide to Watch Condition Grading',
    description: 'How wear, polishing and originality are described and valued.',
    url: '/blog/complete-guide-watch-condition-grading',
  },
  {
    title: 'The Complete Guide to Selling a Rolex in Australia',
    description: 'What to prepare before an authentication appointment.',
    url: '/blog/complete-guide-selling-rolex-australia',
  },
  {
    title: 'How to Value Your Luxury Watch',
    description: 'How authentication and condition feed into the offer.',
    url: '/blog/how-to-value-your-luxury-watch',
  },
];

/** Independent bodies worth knowing about when checking a watch (external, open in a new tab). */
export const authenticationIndustryLinks: readonly ResourceLink[] = [
  {
    title: 'COSC – Swiss Official Chronometer Testing Institute',
    description: 'How chronometer certification of movements works.',
    url: 'https://www.cosc.swiss',
  },
  {
    title: 'Fondation Haute Horlogerie',
    description: 'Independent reference on fine watchmaking, brands and terminology.',
    url: 'https://www.hautehorlogerie.org',
  },
  {
    title: 'Scamwatch (ACCC)',
    description: 'Australian government advice on avoiding counterfeit and buying scams.',
    url: 'https://www.scamwatch.gov.au',
  },
];
