import type { Brand, Location, Testimonial } from './types.ts';

/**
 * Sample testimonials, hard-coded as on the current site. They are placeholders: before launch they
 * must be replaced by genuine, verifiable customer reviews (presenting invented reviews as real
 * would mislead consumers under the Australian Consumer Law).
 */
export const testimonials: readonly Testimonial[] = [
  {
    name: 'James M.',
    location: 'Sydney, NSW',
    rating: 5,
    text: 'I sold my Rolex Submariner after getting a preliminary quote online. The watchmaker went through the watch with me at the appointment, the offer matched the quote and the money arrived by bank transfer the same day.',
  },
  {
    name: 'Sarah L.',
    location: 'Melbourne, VIC',
    rating: 5,
    text: 'Selling my late father’s Patek Philippe Calatrava was emotional, and the team were patient and discreet. They explained how they valued it and never rushed me.',
  },
  {
    name: 'Michael T.',
    location: 'Brisbane, QLD',
    rating: 5,
    text: 'I had offers for my Audemars Piguet Royal Oak from two dealers. The valuation here was clear about what the box and papers added, and the process from form to payment was simple.',
  },
  {
    name: 'Daniel K.',
    location: 'Perth, WA',
    rating: 5,
    text: 'Selling a Richard Mille is not something you want to do with just anyone. Everything was handled confidentially, the authentication was thorough and payment was exactly as promised.',
  },
  {
    name: 'Emma R.',
    location: 'Adelaide, SA',
    rating: 4,
    text: 'My Cartier Tank Française needed a service, which the inspection picked up. They explained the revised offer clearly and I was happy to accept it. Friendly and professional throughout.',
  },
  {
    name: 'Priya S.',
    location: 'Canberra, ACT',
    rating: 5,
    text: 'I sold a Vacheron Constantin Overseas I no longer wore. The form took a few minutes, they replied the next morning and the whole sale was done within the week.',
  },
  {
    name: 'Chris B.',
    location: 'Darwin, NT',
    rating: 5,
    text: 'Living in Darwin I expected selling my Omega Speedmaster to be a hassle. It wasn’t: clear communication, a fair offer and payment by bank transfer.',
  },
  {
    name: 'Olivia H.',
    location: 'Hobart, TAS',
    rating: 5,
    text: 'I sold my Tudor Black Bay without any fees or pressure. They answered every question about the valuation and kept me updated at each step.',
  },
  {
    name: 'Andrew W.',
    location: 'Sydney, NSW',
    rating: 5,
    text: 'Very few buyers understand F.P. Journe. These people did: they knew the Chronomètre Souverain, checked the movement properly and made a serious offer.',
  },
  {
    name: 'Tom G.',
    location: 'Melbourne, VIC',
    rating: 5,
    text: 'Quick, honest and professional. I sold my Rolex Datejust with its original box and papers and was paid the day the watch was authenticated.',
  },
];

const PER_PAGE = 3;

/** Matching testimonials first (in list order), then the rest in list order, so every page shows 3. */
function pickThree(matches: (t: Testimonial) => boolean): readonly Testimonial[] {
  const first = testimonials.filter(matches);
  const rest = testimonials.filter((t) => !first.includes(t));
  return [...first, ...rest].slice(0, PER_PAGE);
}

/** Home shows three different cities so visitors see the service is national. */
export function homeTestimonials(): readonly Testimonial[] {
  const firstPerLocation = testimonials.filter(
    (t, i) => testimonials.findIndex((u) => u.location === t.location) === i,
  );
  return pickThree((t) => firstPerLocation.includes(t));
}

export function testimonialsForCity(city: Location): readonly Testimonial[] {
  return pickThree((t) => t.location === `${city.city}, ${city.stateCode}`);
}

export function testimonialsForBrand(brand: Brand): readonly Testimonial[] {
  return pickThree((t) => t.text.includes(brand.brandName));
}
