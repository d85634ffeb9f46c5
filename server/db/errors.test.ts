import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

function pgError(code: string, constraint?: string): DatabaseError {
  const error = new DatabaseError('duplicate key value violates unique constraint', 0, 'error');
  error.code = code;
  if (constraint !== undefined) error.constraint = constraint;
  return error;
}

describe('isUniqueViolation', () => {
  it('answers yes for SQLSTATE 23505', () => {
    expect(isUniqueViolation(pgError('23505', 'segments_name_key'))).toBe(true);
  });

  it('answers no for another SQLSTATE (23503, a foreign key)', () => {
    expect(isUniqueViolation(pgError('23503', 'segments_name_key'))).toBe(false);
  });

  it('with a constraint, answers yes only for that constraint', () => {
    const error = pgError('23505', 'appointments_slot_once');
    expect(isUniqueViolation(error, 'appointments_slot_once')).toBe(true);
    expect(isUniqueViolation(error, 'appointments_one_per_enquiry')).toBe(false);
  });

  it('answers no for what is not a database error', () => {
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
  });
});
