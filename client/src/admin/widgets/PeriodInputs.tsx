import { Group } from '@mantine/core';
import { DayInput } from './DayInput.tsx';

type PeriodKey = 'from' | 'to';

/** A change to one end of the period: the ISO day, or undefined once emptied (no filter). */
export type PeriodChange = Partial<Record<PeriodKey, string | undefined>>;

interface PeriodInputsProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (change: PeriodChange) => void;
  /** The period's validation issues (its zod schema's), each shown under the day it names. */
  issues?: readonly { path: readonly PropertyKey[]; message: string }[] | undefined;
  /** Width of each input, for the lists' filter rows. */
  w?: number;
}

function issueFor(issues: PeriodInputsProps['issues'], key: PeriodKey): string | undefined {
  return issues?.find((issue) => issue.path[0] === key)?.message;
}

/**
 * The one period picker (decision 102): "From" and "To" days, day before month, for the desk's
 * numbers, the funnel, the register and the lists filtered by date. Two labelled inputs rather
 * than one range picker, so each day can be typed, and each carries its own error.
 */
export function PeriodInputs({ from, to, onChange, issues, w }: PeriodInputsProps) {
  return (
    <Group align="flex-start" wrap="wrap" gap="sm">
      <DayInput
        label="From"
        value={from ?? ''}
        max={to}
        error={issueFor(issues, 'from')}
        onChange={(day) => onChange({ from: day || undefined })}
        w={w}
      />
      <DayInput
        label="To"
        value={to ?? ''}
        min={from}
        error={issueFor(issues, 'to')}
        onChange={(day) => onChange({ to: day || undefined })}
        w={w}
      />
    </Group>
  );
}
