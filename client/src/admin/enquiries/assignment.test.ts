import { describe, expect, it } from 'vitest';
import { assignmentChange } from './assignment.ts';

describe('a pick in the assignee picker (decision 095)', () => {
  const grace = '00000000-0000-4000-8000-000000000001';
  const sam = '00000000-0000-4000-8000-000000000002';

  it('assigns a different member', () => {
    expect(assignmentChange(null, grace)).toBe(grace);
    expect(assignmentChange(grace, sam)).toBe(sam);
  });

  it('keeps the assignee when the same member is picked again, and never unassigns', () => {
    expect(assignmentChange(grace, grace)).toBeUndefined();
    expect(assignmentChange(grace, null)).toBeUndefined();
    expect(assignmentChange(null, null)).toBeUndefined();
  });
});
