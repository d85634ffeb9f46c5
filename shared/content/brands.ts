import type { Brand, EightOf } from './types.ts';

export const brandSlugs = [
  'rolex',
  'richard-mille',
  'audemars-piguet',
  'patek-philippe',
  'fp-journe',
  'vacheron-constantin',
  'cartier',
] as const;

export type BrandSlug = (typeof brandSlugs)[number];

interface BrandInput {
  slug: BrandSlug;
  brandName: string;
  metaDescription: string;
  heroSubtitle: string;
  popularModels: EightOf<string>;
  brandSpecialty: string;
  authenticationDetails: string;
  heroImageAlt: string;
}

function defineBrand(input: BrandInput): Brand {
  return {
    brandName: input.brandName,
    urlSlug: `sell-${input.slug}-watch`,
    metaTitle: `Sell Your ${input.brandName} Watch in Australia | Free Valuation`,
    metaDescription: input.metaDescription,
    heroTitle: `Sell Your ${input.brandName} Watch`,
    heroSubtitle: input.heroSubtitle,
    popularModels: input.popularModels,
    brandSpecialty: input.brandSpecialty,
    authenticationDetails: input.authenticationDetails,
    heroImage: `${input.slug}-hero.webp`,
    heroImageAlt: input.heroImageAlt,
    schemaData: {
      name: `${input.brandName} watch valuation and purchase`,
      description: `Free valuation, authentication and purchase of pre-owned ${input.brandName} watches from private sellers across Australia.`,
      brand: input.brandName,
      category: 'Luxury Watches',
    },
  };
}

const brandInputs: readonly BrandInput[] = [
  {
    slug: 'rolex',
    brandName: 'Rolex',
    metaDescription:
      'Sell your Rolex anywhere in Australia. Free valuation of Submariner, Daytona, GMT-Master II, Datejust and more, authentication by certified watchmakers.',
    heroSubtitle:
      'From a Submariner to a Day-Date, get a free valuation, authentication by certified watchmakers and payment by bank transfer.',
    popularModels: [
      'Submariner',
      'Cosmograph Daytona',
      'GMT-Master II',
      'Datejust',
      'Day-Date',
      'Explorer',
      'Sea-Dweller',
      'Yacht-Master',
    ],
    brandSpecialty:
      'Rolex makes its movements, cases and bracelets in-house, and since 2015 every new Rolex is certified as a Superlative Chronometer: tested by Rolex after COSC certification to a precision of −2/+2 seconds a day once cased. Professional models such as the Submariner, GMT-Master II and Cosmograph Daytona are the most sought-after on the pre-owned market, followed closely by the Datejust and Day-Date.',
    authenticationDetails:
      'We check the model reference and serial number engravings (between the lugs on older watches, on the rehaut inside the bezel on modern ones), the laser-etched crown on the crystal of modern watches, the 2.5× Cyclops magnification over the date, bracelet and clasp stamps, and the calibre and finishing of the movement (for example the calibre 3235 in the current Submariner Date). The serial is matched against the warranty card or papers when they are supplied.',
    heroImageAlt: 'Rolex Oyster Perpetual watch on an Oyster bracelet',
  },
  {
    slug: 'richard-mille',
    brandName: 'Richard Mille',
    metaDescription:
      'Sell your Richard Mille in Australia. Free, confidential valuation of RM 011, RM 035, RM 055, RM 67-01 and more, with expert authentication.',
    heroSubtitle:
      'Confidential valuations for Richard Mille collectors, with authentication by watchmakers who know skeletonised movements and advanced case materials.',
    popularModels: ['RM 011', 'RM 035', 'RM 055', 'RM 027', 'RM 67-01', 'RM 65-01', 'RM 07-01', 'RM 72-01'],
    brandSpecialty:
      'Since its first watch, the RM 001 of 2001, Richard Mille has built tonneau-shaped watches around light, shock-resistant openworked movements, increasingly in materials borrowed from motor racing and aerospace such as grade 5 titanium, Carbon TPT, Quartz TPT and high-tech ceramics. Production is small, which keeps demand for pre-owned pieces strong.',
    authenticationDetails:
      'We check the spline screws and construction of the tonneau case, the case material and weight against the reference, the serial number on the caseback against the papers, the openworked movement architecture and baseplate material for the calibre fitted to that reference, and the finishing of the dial, hands and strap.',
    heroImageAlt: 'Richard Mille tonneau-shaped watch with an openworked movement',
  },
  {
    slug: 'audemars-piguet',
    brandName: 'Audemars Piguet',
    metaDescription:
      'Sell your Audemars Piguet in Australia. Free valuation of Royal Oak, Royal Oak Offshore, Code 11.59 and more, authentication by certified watchmakers.',
    heroSubtitle:
      'From the Royal Oak to the Royal Oak Offshore and Code 11.59, get a free valuation, expert authentication and payment by bank transfer.',
    popularModels: [
      'Royal Oak Selfwinding',
      'Royal Oak Jumbo Extra-Thin',
      'Royal Oak Chronograph',
      'Royal Oak Offshore',
      'Royal Oak Perpetual Calendar',
      'Royal Oak Concept',
      'Code 11.59',
      'Millenary',
    ],
    brandSpecialty:
      'Founded in Le Brassus in 1875 and still owned by its founding families, Audemars Piguet created the Royal Oak in 1972, designed by Gérald Genta, and the Royal Oak Offshore in 1993. Its octagonal bezel and Tapisserie dial make the Royal Oak one of the most recognisable and sought-after luxury sports watches.',
    authenticationDetails:
      'We check the octagonal bezel and the alignment of its eight hexagonal screws, the Grande or Petite Tapisserie dial pattern, the alternating satin-brushed and polished surfaces of the case and bracelet, the reference and case numbers on the caseback, and the calibre fitted to that reference (for example the 4302 in the Royal Oak 15500ST or the 7121 in the Jumbo 16202ST), together with the rotor engraving and any papers.',
    heroImageAlt: 'Audemars Piguet Royal Oak with octagonal bezel and Tapisserie dial',
  },
  {
    slug: 'patek-philippe',
    brandName: 'Patek Philippe',
    metaDescription:
      'Sell your Patek Philippe in Australia. Free valuation of Nautilus, Aquanaut, Calatrava and complications, with authentication by certified watchmakers.',
    heroSubtitle:
      'From the Nautilus and Aquanaut to the Calatrava and grand complications, get a free, confidential valuation and payment by bank transfer.',
    popularModels: [
      'Nautilus',
      'Aquanaut',
      'Calatrava',
      'Annual Calendar',
      'Perpetual Calendar Chronograph',
      'World Time',
      'Twenty~4',
      'Gondolo',
    ],
    brandSpecialty:
      'Founded in Geneva in 1839 and owned by the Stern family since 1932, Patek Philippe is known for complications such as perpetual calendars, minute repeaters and world-time watches, and for the Nautilus (1976) and Aquanaut (1997), its most sought-after sports models. Every movement is finished to the standard of the Patek Philippe Seal.',
    authenticationDetails:
      'We check the Patek Philippe Seal on the movement (used since 2009; earlier mechanical watches usually carry the Geneva Seal), the movement and case numbers against the Certificate of Origin, the finishing of the movement (Geneva stripes, perlage, bevelled bridges), the caseback engravings and the dial printing under magnification. For older watches an Extract from the Archives, which Patek Philippe issues on request, confirms how the watch left the factory.',
    heroImageAlt: 'Patek Philippe Nautilus with a horizontally embossed blue dial',
  },
  {
    slug: 'fp-journe',
    brandName: 'F.P. Journe',
    metaDescription:
      'Sell your F.P. Journe in Australia. Free, confidential valuation of Chronomètre Bleu, Octa, Souverain and Résonance models, with expert authentication.',
    heroSubtitle:
      'Confidential valuations for F.P. Journe owners, from the Chronomètre Bleu to the Tourbillon Souverain, by watchmakers who know independent haute horlogerie.',
    popularModels: [
      'Chronomètre Bleu',
      'Chronomètre Souverain',
      'Chronomètre à Résonance',
      'Tourbillon Souverain',
      'Octa Automatique Lune',
      'Octa Divine',
      'Centigraphe Souverain',
      'Élégante',
    ],
    brandSpecialty:
      'François-Paul Journe founded his Geneva manufacture in 1999 and signs every dial "Invenit et Fecit" (invented and made). Production is small and almost entirely in-house, and since 2004 the movement plates and bridges have been made of 18k rose gold. Collectors value the Chronomètre Bleu, with its tantalum case, and the Chronomètre à Résonance highly.',
    authenticationDetails:
      'We check the movement plates and bridges (18k rose gold on watches made since 2004, brass before), the "Invenit et Fecit" signature and dial finishing, the movement and case numbers against the certificate, the case material for the reference (such as tantalum for the Chronomètre Bleu), and the finishing of the movement under magnification.',
    heroImageAlt: 'F.P. Journe watch with an off-centre dial and rose gold movement',
  },
  {
    slug: 'vacheron-constantin',
    brandName: 'Vacheron Constantin',
    metaDescription:
      'Sell your Vacheron Constantin in Australia. Free valuation of Overseas, Patrimony, Traditionnelle, Historiques and more, with expert authentication.',
    heroSubtitle:
      'From the Overseas to the Patrimony and Historiques, get a free valuation, authentication by certified watchmakers and payment by bank transfer.',
    popularModels: [
      'Overseas',
      'Overseas Chronograph',
      'Patrimony',
      'Traditionnelle',
      'Fiftysix',
      'Historiques 222',
      'Historiques American 1921',
      'Égérie',
    ],
    brandSpecialty:
      'Founded in Geneva in 1755, Vacheron Constantin is the oldest watch manufacture in continuous operation. Many of its movements carry the Hallmark of Geneva, and the Overseas sports collection, with its interchangeable strap system, is its most sought-after line on the pre-owned market.',
    authenticationDetails:
      'We check the Hallmark of Geneva (Poinçon de Genève) on movements that carry it, the Maltese cross on the rotor, crown and case, the movement and case numbers against the papers, the finishing of the movement and dial, and on the current Overseas the interchangeable bracelet and strap system.',
    heroImageAlt: 'Vacheron Constantin Overseas with a blue dial on a steel bracelet',
  },
  {
    slug: 'cartier',
    brandName: 'Cartier',
    metaDescription:
      'Sell your Cartier watch in Australia. Free valuation of Santos, Tank, Ballon Bleu, Panthère and more, with authentication by certified watchmakers.',
    heroSubtitle:
      'From the Santos and Tank to the Ballon Bleu and Panthère, get a free valuation, expert authentication and payment by bank transfer.',
    popularModels: [
      'Santos de Cartier',
      'Santos-Dumont',
      'Tank Louis Cartier',
      'Tank Française',
      'Tank Must',
      'Ballon Bleu de Cartier',
      'Panthère de Cartier',
      'Pasha de Cartier',
    ],
    brandSpecialty:
      'Cartier, founded in Paris in 1847, made one of the first wristwatches for men, the Santos (1904, for the aviator Alberto Santos-Dumont), and created the Tank in 1917. Its designs have changed little since, which keeps both modern and vintage Cartier watches in steady demand.',
    authenticationDetails:
      'We check the secret signature hidden in a Roman numeral on many Cartier dials, the cabochon on the crown, the reference and serial number on the caseback, the case and bracelet finishing, and the movement (a manufacture calibre such as the 1847 MC in the current Santos de Cartier, or a quartz movement in many Tank models) against the papers.',
    heroImageAlt: 'Cartier Santos de Cartier with a square case and exposed screws',
  },
];

export const brandPages: readonly Brand[] = brandInputs.map(defineBrand);

/** Accepts a page slug ("sell-rolex-watch") or a brand slug ("rolex"), with or without a leading slash. */
export function findBrandBySlug(urlSlug: string): Brand | undefined {
  const key = urlSlug.replace(/^\/+/, '');
  return brandPages.find((b) => b.urlSlug === key || b.urlSlug === `sell-${key}-watch`);
}
