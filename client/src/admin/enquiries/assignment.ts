/**
 * What a pick in the assignee picker means (decision 095): a member other than the current one is
 * a new assignee; the current member again, or an empty pick, changes nothing (undefined). Only the
 * explicit "Unassign" button sends null.
 */
export function assignmentChange(current: string | null, picked: string | null): string | undefined {
  if (picked === null || picked === current) return undefined;
  return picked;
}
