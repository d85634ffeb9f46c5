import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PersonName } from './PersonName.tsx';

// Decision 095: the one way the admin shows a person.
describe('PersonName', () => {
  const names = { 'grace@example.com': 'Grace Buyer' };

  it('shows the name with the address as the title', () => {
    expect(renderToStaticMarkup(<PersonName email="grace@example.com" names={names} />)).toBe(
      '<span title="grace@example.com">Grace Buyer</span>',
    );
  });

  it('shows the address alone for a member without a name, and "System" for the app', () => {
    expect(renderToStaticMarkup(<PersonName email="sam@example.com" names={names} />)).toBe(
      'sam@example.com',
    );
    expect(renderToStaticMarkup(<PersonName email={null} />)).toBe('System');
  });
});
