import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { type ConditionKind, conditionWarnings, MAX_CONDITIONS } from '#shared/segments/schema.ts';
import { emptyCondition, KIND_LABELS } from './condition-kinds.ts';
import { ConditionFields } from './ConditionFields.tsx';
import type { checkSegment, SegmentForm } from './segment-form.ts';

/** The segment's conditions, each with its messages once saving was tried, and the way to add one. */
export function SegmentConditionsList({
  form,
  checked,
  submitted,
  readOnly,
}: {
  form: SegmentForm;
  checked: ReturnType<typeof checkSegment>;
  submitted: boolean;
  readOnly: boolean;
}) {
  const [addKind, setAddKind] = useState<ConditionKind | null>(null);
  const { conditions, match } = form.values;
  // Repeated or contradictory conditions are warned about as they are typed; saving stays open
  // (decision 032): the live count shows what they mean.
  const warnings = conditionWarnings(match, conditions);
  return (
    <>
      {conditions.map((condition, index) => (
        <Fragment key={index}>
          <ConditionFields
            index={index}
            condition={condition}
            // A condition's date message shows at once; the others once saving was tried.
            errors={submitted || checked.byCondition[index]?.from ? (checked.byCondition[index] ?? {}) : {}}
            readOnly={readOnly}
            onChange={(next) => form.setFieldValue(`conditions.${index}`, next)}
            onRemove={() => form.removeListItem('conditions', index)}
          />
          {warnings[index] && (
            <Alert
              color="yellow"
              variant="light"
              py={6}
              data-testid={`condition-warning-${index + 1}`}
              aria-label={`Condition ${index + 1}`}
            >
              <Text size="sm">{warnings[index].message}</Text>
            </Alert>
          )}
        </Fragment>
      ))}
      {submitted && checked.general && (
        <Text c="red" size="sm" role="alert">
          {checked.general}
        </Text>
      )}
      {!readOnly && (
        <Group align="flex-end">
          <Select
            label="Add a condition"
            placeholder="Choose a kind"
            data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
            value={addKind}
            onChange={(value) =>
              setAddKind((Object.keys(KIND_LABELS) as ConditionKind[]).find((k) => k === value) ?? null)
            }
            w={260}
          />
          <Button
            variant="default"
            disabled={!addKind || conditions.length >= MAX_CONDITIONS}
            onClick={() => {
              if (!addKind) return;
              form.insertListItem('conditions', emptyCondition(addKind));
              setAddKind(null);
            }}
          >
            Add condition
          </Button>
        </Group>
      )}
    </>
  );
}
