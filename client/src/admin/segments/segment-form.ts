import { useForm } from '@mantine/form';
import {
  type SegmentConditionInput,
  segmentDefinitionSchema,
  type SegmentMatch,
  segmentNameSchema,
  type SegmentSummary,
} from '#shared/segments/schema.ts';
import { emptyCondition } from './condition-kinds.ts';

/** What the segment editor holds, as typed (decision 032). */
export interface SegmentFormValues {
  name: string;
  match: SegmentMatch;
  conditions: SegmentConditionInput[];
}

export function segmentFormValues(segment?: SegmentSummary): SegmentFormValues {
  return {
    name: segment?.name ?? '',
    match: segment?.match ?? 'all',
    conditions: segment?.conditions ?? [emptyCondition('consent')],
  };
}

/**
 * The editor's form. The shared schemas judge it on every change (checkSegment) rather than on
 * submit, because the live audience count needs a valid definition as soon as there is one.
 */
export function useSegmentForm(segment?: SegmentSummary) {
  return useForm<SegmentFormValues>({ initialValues: segmentFormValues(segment) });
}

/** The form as the hook returns it (values, rules and all), for the parts that take it. */
export type SegmentForm = ReturnType<typeof useSegmentForm>;

/** Schema messages by condition index and field, for the fields to show; the name's message. */
export function checkSegment({ name, match, conditions }: SegmentFormValues) {
  const result = segmentDefinitionSchema.safeParse({ match, conditions });
  const byCondition: Array<Record<string, string>> = conditions.map(() => ({}));
  let general: string | null = null;
  for (const issue of result.error?.issues ?? []) {
    const [root, index, field] = issue.path;
    if (root === 'conditions' && typeof index === 'number' && typeof field === 'string') {
      const slot = byCondition[index];
      if (slot && !slot[field]) slot[field] = issue.message;
    } else general ??= issue.message;
  }
  const nameError = segmentNameSchema.safeParse(name).error?.issues[0]?.message;
  return { valid: result.success, definition: result.data ?? null, byCondition, general, nameError };
}
