// PostgreSQL's errors as pg reports them: a five-character SQLSTATE in `code` and, for a
// constraint violation, the constraint's name (docs/decisions/081-one-home-for-time-money-and-database-errors.md).

/** SQLSTATE 23505 unique_violation (PostgreSQL, Appendix A). */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` is PostgreSQL refusing a duplicate; with `constraint`, only a duplicate of that
 * unique index or constraint, so a caller telling two of them apart answers each rightly.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || ('constraint' in error && error.constraint === constraint);
}
