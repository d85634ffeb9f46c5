import type { SiteConfig } from '../site/config.ts';
import type {
  InfoCard,
  ProcessStep,
  QuickAnswer,
  RecentPurchase,
  ResourceLink,
  TrustBadge,
} from './types.ts';

/** Claims come from the site config so the home page agrees with every other page (decision 001). */
export function trustBadges(site: SiteConfig): readonly TrustBadge[] {
  const { rating, reviewCount, transactions, establishedYear, responseHours } = site.claims;
  return [
    {
      icon: 'star',
      title: `${rating.toFixed(1)} from ${reviewCount.toLocaleString('en-AU')} reviews`,
      description: 'Rated by sellers across Australia',
    },
    {
      icon: 'handshake',
      title: `Over ${transactions.toLocaleString('en-AU')} transactions`,
      description: 'Watches bought from private sellers',
    },
    {
      icon: 'calendar',
      title: `Established ${establishedYear}`,
      description: 'Licensed second-hand dealer',
    },
    {
      icon: 'clock',
      title: `${responseHours}-hour response`,
      description: 'A reply to every enquiry',
    },
  ];
}

export function howToSellSteps(site: SiteConfig): readonly ProcessStep[] {
  return [
    {
      step: 1,
      icon: 'clipboard',
      title: 'Fill Out the Form',
      description: `Tell us about your watch and add a few photos. It takes under ${site.claims.formMinutes} minutes, and we reply with a preliminary quote within ${site.claims.responseHours} hours.`,
    },
    {
      step: 2,
      icon: 'users',
      title: 'Visit Our Experts',
      description:
        'Meet our certified watchmakers at a private appointment. They inspect and authenticate the watch with you and confirm the final offer.',
    },
    {
      step: 3,
      icon: 'banknote',
      title: 'Get Paid',
      description: `Accept the final offer and get paid. ${site.claims.paymentPromise}, with no seller fees.`,
    },
  ];
}

export const authenticationCards: readonly InfoCard[] = [
  {
    icon: 'cog',
    title: 'Movement Verification',
    description:
      'The caseback is opened and the calibre, its finishing and its serial checked against the reference the watch claims to be.',
  },
  {
    icon: 'search',
    title: 'Case and Dial Inspection',
    description:
      'Case, dial, hands, crystal and bracelet are examined under magnification for correct engravings, printing, materials and finishing.',
  },
  {
    icon: 'gauge',
    title: 'Chronometer Testing',
    description:
      'A timegrapher measures rate, amplitude and beat error in several positions to show how well the movement is running.',
  },
  {
    icon: 'trending-up',
    title: 'Market Valuation',
    description:
      'We price the watch against recent sales of the same reference in Australia and overseas, taking condition, box and papers into account.',
  },
];

/** Folder of the recent-purchase images; `RecentPurchase.image` is a file name inside it. */
export const recentPurchaseImageDir = '/assets/recent/';

export function recentPurchaseSrc(purchase: RecentPurchase): string {
  return `${recentPurchaseImageDir}${purchase.image}`;
}

// The alt text describes each photo, so a replaced image needs its alt text updated with it.
export const recentPurchases: readonly RecentPurchase[] = [
  { id: 1, image: 'recent-1.webp', alt: 'Rolex Submariner Date with black dial on an Oyster bracelet' },
  { id: 2, image: 'recent-2.webp', alt: 'Patek Philippe Nautilus with blue dial' },
  { id: 3, image: 'recent-3.webp', alt: 'Audemars Piguet Royal Oak in stainless steel' },
  { id: 4, image: 'recent-4.webp', alt: 'Rolex Cosmograph Daytona with white dial' },
  { id: 5, image: 'recent-5.webp', alt: 'Cartier Santos de Cartier in steel' },
  { id: 6, image: 'recent-6.webp', alt: 'Omega Speedmaster Professional Moonwatch' },
];

export const industryResources: readonly ResourceLink[] = [
  {
    title: 'The Complete Guide to Selling a Rolex in Australia',
    description: 'Preparing your Rolex, understanding its value and choosing where to sell.',
    url: '/blog/complete-guide-selling-rolex-australia',
  },
  {
    title: 'How to Value Your Luxury Watch',
    description: 'The factors that decide what a pre-owned watch is worth.',
    url: '/blog/how-to-value-your-luxury-watch',
  },
  {
    title: 'The Complete Guide to Watch Condition Grading',
    description: 'What "excellent", "very good" and "fair" mean when you describe a watch.',
    url: '/blog/complete-guide-watch-condition-grading',
  },
  {
    title: 'How to Authenticate a Vintage Omega Speedmaster',
    description: 'What watchmakers check on one of the most faked vintage chronographs.',
    url: '/blog/authenticate-vintage-omega-speedmaster',
  },
  {
    title: 'Watch Market Trends in Australia',
    description: 'How demand and prices for pre-owned luxury watches are moving.',
    url: '/blog/watch-market-trends-australia-2025',
  },
  {
    title: 'Patek Philippe vs Audemars Piguet as an Investment',
    description: 'How the two houses compare on the pre-owned market.',
    url: '/blog/patek-philippe-vs-audemars-piguet-investment',
  },
];

/** Closing link of the 'People Also Ask' section. */
export const completeGuideLink: ResourceLink = {
  title: 'Read the complete guide to selling a Rolex in Australia',
  description: 'Everything to know before you sell, in one article.',
  url: '/blog/complete-guide-selling-rolex-australia',
};

export function quickAnswers(site: SiteConfig): readonly QuickAnswer[] {
  return [
    {
      question: 'Where is the best place to sell a Rolex in Australia?',
      answer: `Choose a buyer that authenticates in person, gives a written offer and pays promptly. We offer a free valuation, inspection by certified watchmakers and payment by bank transfer, with no seller fees.`,
      link: {
        to: '/blog/where-to-sell-rolex-australia-2025-guide',
        label: 'Where to sell a Rolex in Australia',
      },
    },
    {
      question: 'How much is my luxury watch worth?',
      answer: `Value depends on the model and reference, condition, box and papers, service history and current demand. Fill out our form for a preliminary quote within ${site.claims.responseHours} hours; the final price is confirmed after inspection.`,
      link: { to: '/blog/how-to-value-your-luxury-watch', label: 'How to value your luxury watch' },
    },
    {
      question: 'Do I need box and papers to sell my watch?',
      answer:
        'No. Watches without box or papers can be sold once authenticated, although the original box and papers usually add to the value.',
      link: {
        to: '/blog/complete-guide-watch-condition-grading',
        label: 'Watch condition grading explained',
      },
    },
    {
      question: 'How quickly can I get paid for my watch?',
      answer: `${site.claims.paymentPromise}. There is no cooling-off period once payment has been made.`,
      link: { to: '/sell', label: 'Get your free valuation' },
    },
  ];
}
