import { Alert, Button, Checkbox, Group, List, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TestRunAssumptions } from '#shared/automations/test-run.ts';
import { type FlowDefinition, placedSteps } from '#shared/automations/flows.ts';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus, enquiryStatuses } from '#shared/enquiries/status.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { flowErrors, formatPlanTime } from './flow-form.ts';
import type { Choice } from './FlowStepList.tsx';

/**
 * The test run (decision 066): one contact picked by search, an answer for each kind of branch,
 * and what the flow on screen (saved or not) would send them and when. Nothing is sent or stored.
 */
export function FlowTestRunPanel({
  definition,
  segments,
}: {
  definition: FlowDefinition;
  templateNames: Record<string, string>;
  segments: Choice[];
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [contactId, setContactId] = useState<string | null>(null);
  const [assumptions, setAssumptions] = useState<TestRunAssumptions>({
    opened: true,
    clicked: false,
    enquiryStatus: null,
    segments: {},
  });
  const contacts = useQuery(
    trpc.admin.contacts.list.queryOptions(
      { search: debounced, filter: 'all', page: 1 },
      { placeholderData: keepPreviousData },
    ),
  );
  const run = useMutation({
    mutationFn: () =>
      client.admin.automations.testRun.query({ definition, contactId: contactId ?? '', assumptions }),
  });
  const problems = Object.values(flowErrors(definition));
  const branchSegments = [
    ...new Set(
      placedSteps(definition.steps).flatMap((p) =>
        p.step.type === 'branch' && p.step.condition.type === 'in_segment' && p.step.condition.segmentId
          ? [p.step.condition.segmentId]
          : [],
      ),
    ),
  ];

  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        Walks the flow on screen for one contact entering now. Nothing is sent.
      </Text>
      <Select
        label="Contact"
        placeholder="Search by name or e-mail"
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        value={contactId}
        onChange={setContactId}
        filter={({ options }) => options}
        data={(contacts.data?.rows ?? []).map((c) => ({
          value: c.id,
          label: c.fullName ? `${c.fullName} <${c.email}>` : c.email,
        }))}
        nothingFoundMessage={contacts.isFetching ? 'Searching…' : 'No contact found'}
        maw={480}
      />
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Assume that the contact…
          </Text>
          <Checkbox
            label="opens the previous e-mail"
            checked={assumptions.opened}
            onChange={(event) => setAssumptions({ ...assumptions, opened: event.currentTarget.checked })}
          />
          <Checkbox
            label="clicks in the previous e-mail"
            checked={assumptions.clicked}
            onChange={(event) => setAssumptions({ ...assumptions, clicked: event.currentTarget.checked })}
          />
          <Select
            label="Enquiry status at each branch"
            placeholder="No enquiry"
            clearable
            value={assumptions.enquiryStatus}
            data={enquiryStatuses.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }))}
            onChange={(value) =>
              setAssumptions({
                ...assumptions,
                enquiryStatus: enquiryStatuses.find((s): s is EnquiryStatus => s === value) ?? null,
              })
            }
            maw={300}
          />
          {branchSegments.map((id) => (
            <Checkbox
              key={id}
              label={`is in the segment “${segments.find((s) => s.value === id)?.label ?? 'deleted segment'}”`}
              checked={assumptions.segments[id] === true}
              onChange={(event) =>
                setAssumptions({
                  ...assumptions,
                  segments: { ...assumptions.segments, [id]: event.currentTarget.checked },
                })
              }
            />
          ))}
        </Stack>
      </Paper>
      {problems.length > 0 && <Alert color="yellow">Fix the flow first: {problems[0]}</Alert>}
      <Group>
        <Button
          onClick={() => run.mutate()}
          disabled={!contactId || problems.length > 0}
          loading={run.isPending}
        >
          Run test
        </Button>
      </Group>
      {run.isError && <Alert color="red">{errorMessage(run.error)}</Alert>}
      {run.data && (
        <Paper withBorder p="sm" data-testid="test-run-result">
          <Stack gap="xs">
            <Text size="sm">
              {run.data.facts.contactLabel}:{' '}
              {run.data.facts.consent ? 'marketing consent given' : 'no marketing consent'}
              {run.data.facts.unsubscribed ? ', unsubscribed' : ''}
              {run.data.facts.suppressed ? ', suppressed' : ''}; {run.data.facts.marketingSendsThisWeek}{' '}
              marketing e-mails in the past week (cap {run.data.facts.weeklyCap}). Times in{' '}
              {run.data.facts.timeZone}.
            </Text>
            <List size="sm" spacing={4} aria-label="Test run timeline">
              {run.data.lines.map((line, index) => (
                <List.Item key={`${line.stepId}-${index}`} c={line.skipped ? 'dimmed' : undefined}>
                  {formatPlanTime(line.at, run.data.facts.timeZone)} — {line.text}
                  {line.skipped ? ` — ${line.skipped}` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
