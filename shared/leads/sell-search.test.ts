import { describe, expect, it } from 'vitest';
import { brandChoiceFor, cityNote, parseSellSearch } from './sell-search.ts';

describe('sell page search params', () => {
  it('keeps a known brand and a plain city name', () => {
    expect(parseSellSearch({ brand: 'Patek Philippe', city: 'Sydney' })).toEqual({
      brand: 'Patek Philippe',
      city: 'Sydney',
    });
  });

  it('ignores an unknown brand and a city that is not a name', () => {
    expect(parseSellSearch({ brand: 'Swatch', city: '<script>' })).toEqual({
      brand: undefined,
      city: undefined,
    });
    expect(parseSellSearch({ city: 'x'.repeat(41) }).city).toBeUndefined();
  });

  it('maps every landing page brand name to a form choice, punctuation aside', () => {
    expect(brandChoiceFor('F.P. Journe')).toBe('F.P. Journe');
    expect(brandChoiceFor('FP Journe')).toBe('F.P. Journe');
    expect(brandChoiceFor('Rolex')).toBe('Rolex');
    expect(brandChoiceFor('Seiko')).toBeUndefined();
    expect(cityNote('Hobart')).toBe("I'm based in Hobart.");
  });
});
