import { describe, expect, it } from 'vitest';
import { checkSegment, segmentFormValues } from './segment-form.ts';

describe('segment form', () => {
  it('starts a new segment with one consent condition and no name', () => {
    const values = segmentFormValues();
    expect(values).toEqual({
      name: '',
      match: 'all',
      conditions: [{ kind: 'consent', state: 'subscribed' }],
    });
    const checked = checkSegment(values);
    expect(checked.valid).toBe(true);
    expect(checked.definition).toEqual({ match: 'all', conditions: values.conditions });
    expect(checked.nameError).toBeTruthy();
  });

  it('puts each message under its condition and field', () => {
    const checked = checkSegment({
      name: 'Recent sellers',
      match: 'any',
      conditions: [
        { kind: 'consent', state: 'subscribed' },
        { kind: 'created', from: null, to: null },
      ],
    });
    expect(checked.valid).toBe(false);
    expect(checked.definition).toBeNull();
    expect(checked.nameError).toBeUndefined();
    expect(checked.byCondition).toEqual([{}, { from: 'Enter a start date, an end date or both' }]);
    expect(checked.general).toBeNull();
  });
});
