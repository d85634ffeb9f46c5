import type { CityCard, EightOf, Location } from './types.ts';

export const citySlugs = [
  'sydney',
  'melbourne',
  'brisbane',
  'perth',
  'adelaide',
  'canberra',
  'darwin',
  'hobart',
] as const;

export type CitySlug = (typeof citySlugs)[number];

interface CityInput {
  slug: CitySlug;
  city: string;
  state: string;
  stateCode: Location['stateCode'];
  postalCode: string;
  latitude: number;
  longitude: number;
  /** How the centre is named locally ("Sydney CBD", "Canberra City", "Darwin City"). */
  centre: string;
  metaDescription: string;
  heroSubtitle: string;
  localAreas: EightOf<string>;
}

function defineCity(input: CityInput): Location {
  const [a, b, c, d, e, f] = input.localAreas;
  return {
    city: input.city,
    state: input.state,
    stateCode: input.stateCode,
    urlSlug: `sell-watch-${input.slug}`,
    metaTitle: `Sell Your Luxury Watch in ${input.city} | Free Valuation`,
    metaDescription: input.metaDescription,
    heroTitle: `Sell Your Luxury Watch in ${input.city}`,
    heroSubtitle: input.heroSubtitle,
    localAreas: input.localAreas,
    schemaData: {
      name: `Luxury watch buyer in ${input.city}`,
      address: {
        // We meet sellers by private appointment rather than at a shop front in each city, and a
        // made-up street address would mislead both people and search engines.
        streetAddress: `By appointment, ${input.centre}`,
        addressLocality: input.city,
        addressRegion: input.stateCode,
        postalCode: input.postalCode,
        addressCountry: 'AU',
      },
      geo: { latitude: input.latitude, longitude: input.longitude },
      areaServed: [a, b, c, d, e, f],
    },
  };
}

const cityInputs: readonly CityInput[] = [
  {
    slug: 'sydney',
    city: 'Sydney',
    state: 'New South Wales',
    stateCode: 'NSW',
    postalCode: '2000',
    latitude: -33.8688,
    longitude: 151.2093,
    centre: 'Sydney CBD',
    metaDescription:
      'Sell your Rolex, Patek Philippe or other luxury watch in Sydney. Free valuation, authentication by certified watchmakers and payment by bank transfer.',
    heroSubtitle:
      'Free valuations and expert authentication for sellers from the CBD and the North Shore to the Eastern Suburbs and Parramatta, with payment by bank transfer.',
    localAreas: [
      'Sydney CBD',
      'North Sydney',
      'Double Bay',
      'Mosman',
      'Chatswood',
      'Parramatta',
      'Bondi Junction',
      'Vaucluse',
    ],
  },
  {
    slug: 'melbourne',
    city: 'Melbourne',
    state: 'Victoria',
    stateCode: 'VIC',
    postalCode: '3000',
    latitude: -37.8136,
    longitude: 144.9631,
    centre: 'Melbourne CBD',
    metaDescription:
      'Sell your luxury watch in Melbourne. Free valuation of Rolex, Patek Philippe, Audemars Piguet and more, expert authentication and bank-transfer payment.',
    heroSubtitle:
      'Private appointments for sellers across Melbourne, from the CBD and South Yarra to Toorak, Brighton and Hawthorn, with free valuations and prompt payment.',
    localAreas: [
      'Melbourne CBD',
      'South Yarra',
      'Toorak',
      'Richmond',
      'Brighton',
      'Hawthorn',
      'St Kilda',
      'Docklands',
    ],
  },
  {
    slug: 'brisbane',
    city: 'Brisbane',
    state: 'Queensland',
    stateCode: 'QLD',
    postalCode: '4000',
    latitude: -27.4698,
    longitude: 153.0251,
    centre: 'Brisbane CBD',
    metaDescription:
      'Sell your luxury watch in Brisbane. Free valuation, authentication by certified watchmakers and payment by bank transfer for Rolex, Omega, Cartier and more.',
    heroSubtitle:
      'Free valuations for sellers from the Brisbane CBD and Fortitude Valley to New Farm, Ascot and Indooroopilly, with expert authentication and bank-transfer payment.',
    localAreas: [
      'Brisbane CBD',
      'Fortitude Valley',
      'South Brisbane',
      'New Farm',
      'Paddington',
      'Ascot',
      'Hamilton',
      'Indooroopilly',
    ],
  },
  {
    slug: 'perth',
    city: 'Perth',
    state: 'Western Australia',
    stateCode: 'WA',
    postalCode: '6000',
    latitude: -31.9523,
    longitude: 115.8613,
    centre: 'Perth CBD',
    metaDescription:
      'Sell your luxury watch in Perth. Free valuation of Rolex, Patek Philippe, Audemars Piguet and more, expert authentication and payment by bank transfer.',
    heroSubtitle:
      'Free valuations for sellers from the Perth CBD and Subiaco to Claremont, Cottesloe and Fremantle, with authentication by certified watchmakers.',
    localAreas: [
      'Perth CBD',
      'Northbridge',
      'West Perth',
      'Subiaco',
      'Claremont',
      'Cottesloe',
      'Nedlands',
      'Fremantle',
    ],
  },
  {
    slug: 'adelaide',
    city: 'Adelaide',
    state: 'South Australia',
    stateCode: 'SA',
    postalCode: '5000',
    latitude: -34.9285,
    longitude: 138.6007,
    centre: 'Adelaide CBD',
    metaDescription:
      'Sell your luxury watch in Adelaide. Free valuation, authentication by certified watchmakers and payment by bank transfer for Rolex, Omega, Cartier and more.',
    heroSubtitle:
      'Free valuations for sellers from the Adelaide CBD and North Adelaide to Norwood, Unley and Glenelg, with expert authentication and bank-transfer payment.',
    localAreas: [
      'Adelaide CBD',
      'North Adelaide',
      'Norwood',
      'Unley',
      'Burnside',
      'Glenelg',
      'Prospect',
      'Walkerville',
    ],
  },
  {
    slug: 'canberra',
    city: 'Canberra',
    state: 'Australian Capital Territory',
    stateCode: 'ACT',
    postalCode: '2601',
    latitude: -35.2809,
    longitude: 149.13,
    centre: 'Canberra City',
    metaDescription:
      'Sell your luxury watch in Canberra. Free valuation of Rolex, Patek Philippe, Omega and more, authentication by certified watchmakers and bank-transfer payment.',
    heroSubtitle:
      'Free valuations for sellers across the ACT, from Canberra City, Braddon and Kingston to Belconnen, Woden and Gungahlin, with prompt payment by bank transfer.',
    localAreas: [
      'Canberra City',
      'Braddon',
      'Kingston',
      'Barton',
      'Belconnen',
      'Woden',
      'Gungahlin',
      'Tuggeranong',
    ],
  },
  {
    slug: 'darwin',
    city: 'Darwin',
    state: 'Northern Territory',
    stateCode: 'NT',
    postalCode: '0800',
    latitude: -12.4634,
    longitude: 130.8456,
    centre: 'Darwin City',
    metaDescription:
      'Sell your luxury watch in Darwin. Free valuation, authentication by certified watchmakers and payment by bank transfer for Rolex, Omega, Tudor and more.',
    heroSubtitle:
      'Free valuations for sellers from Darwin City and Larrakeyah to Fannie Bay, Nightcliff and Palmerston, with expert authentication and bank-transfer payment.',
    localAreas: [
      'Darwin City',
      'Larrakeyah',
      'Stuart Park',
      'Parap',
      'Fannie Bay',
      'Nightcliff',
      'Casuarina',
      'Palmerston',
    ],
  },
  {
    slug: 'hobart',
    city: 'Hobart',
    state: 'Tasmania',
    stateCode: 'TAS',
    postalCode: '7000',
    latitude: -42.8821,
    longitude: 147.3272,
    centre: 'Hobart CBD',
    metaDescription:
      'Sell your luxury watch in Hobart. Free valuation, authentication by certified watchmakers and payment by bank transfer for Rolex, Omega, Cartier and more.',
    heroSubtitle:
      'Free valuations for sellers from the Hobart CBD and Battery Point to Sandy Bay, New Town and Bellerive, with expert authentication and bank-transfer payment.',
    localAreas: [
      'Hobart CBD',
      'Battery Point',
      'Sandy Bay',
      'North Hobart',
      'West Hobart',
      'New Town',
      'Bellerive',
      'Kingston',
    ],
  },
];

export const cities: readonly Location[] = cityInputs.map(defineCity);

/** Accepts a city slug ("sydney") or a page slug ("sell-watch-sydney"), with or without a leading slash. */
export function findCityBySlug(slug: string): Location | undefined {
  const key = slug.replace(/^\/+/, '');
  return cities.find((c) => c.urlSlug === key || c.urlSlug === `sell-watch-${key}`);
}

/** The spec's "other cities" list: the 8-city list without this city, first 4 kept. */
export function otherCities(slug: string): readonly Location[] {
  const self = findCityBySlug(slug);
  return cities.filter((c) => c !== self).slice(0, 4);
}

export const cityCards: readonly CityCard[] = cities.map((c) => ({
  city: c.city,
  state: c.state,
  url: `/${c.urlSlug}`,
}));
