import { describe, expect, it } from 'vitest';
import { changeNameInputSchema, memberLabel, memberNameSchema, personLabel } from './names.ts';

describe('member names (decision 057)', () => {
  it('trims a name, and reads blank or absent as no name', () => {
    expect(memberNameSchema.parse('  Grace Hopper ')).toBe('Grace Hopper');
    expect(memberNameSchema.parse('   ')).toBeNull();
    expect(memberNameSchema.parse(null)).toBeNull();
    expect(changeNameInputSchema.parse({})).toEqual({ name: null });
  });

  it('refuses a line break and more than 100 characters, with the form’s messages', () => {
    const message = (name: string) => memberNameSchema.safeParse(name).error?.issues[0]?.message;
    expect(message('Grace\nBcc: x@example.com')).toBe('Name cannot contain line breaks');
    expect(message('x'.repeat(101))).toBe('Name must be at most 100 characters');
    expect(memberNameSchema.parse('x'.repeat(100))).toHaveLength(100);
  });

  it('names a member by name, or by address without one', () => {
    expect(memberLabel({ name: 'Grace Hopper', email: 'grace@example.com' })).toBe('Grace Hopper');
    expect(memberLabel({ name: null, email: 'grace@example.com' })).toBe('grace@example.com');
  });

  it('names who did something by the address a record keeps, and "System" without one (decision 095)', () => {
    const names = { 'grace@example.com': 'Grace Hopper' };
    expect(personLabel('grace@example.com', names)).toBe('Grace Hopper');
    expect(personLabel('sam@example.com', names)).toBe('sam@example.com');
    expect(personLabel(null, names)).toBe('System');
    expect(personLabel(undefined, {})).toBe('System');
  });
});
