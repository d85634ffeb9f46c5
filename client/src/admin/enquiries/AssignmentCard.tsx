import { Button, Card, Group, Select, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnquiryDetail } from '#shared/enquiries/schemas.ts';
import { useTRPC } from '../../trpc.ts';
import { useEnquiryUpdate } from './enquiry-update.ts';
import { memberLabel } from '#shared/team/names.ts';
import { assignmentChange } from './assignment.ts';

/** Who works the enquiry, and the internal notes only admins see. */
export function AssignmentCard({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Assignment
      </Title>
      <AssignSelect enquiry={enquiry} />
      <Title order={2} size="h4" mt="lg" mb="sm">
        Internal note
      </Title>
      <NoteForm enquiryId={enquiry.id} />
    </Card>
  );
}

function AssignSelect({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const options = useQuery(trpc.admin.enquiries.filterOptions.queryOptions(undefined, { staleTime: 60_000 }));
  const assign = useMutation(trpc.admin.enquiries.assign.mutationOptions(useEnquiryUpdate()));
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        label="Assigned to"
        placeholder="Nobody"
        style={{ flex: 1 }}
        // Picking the member who has it keeps it; unassigning is the button beside (decision 095).
        allowDeselect={false}
        // By name, the address for a member without one (decision 057).
        data={(options.data?.admins ?? []).map((a) => ({ value: a.id, label: memberLabel(a) }))}
        value={enquiry.assigneeId}
        disabled={assign.isPending}
        onChange={(value) => {
          const change = assignmentChange(enquiry.assigneeId, value);
          if (change !== undefined) assign.mutate({ id: enquiry.id, assigneeId: change });
        }}
      />
      {enquiry.assigneeId && (
        <Button
          variant="default"
          disabled={assign.isPending}
          onClick={() => assign.mutate({ id: enquiry.id, assigneeId: null })}
        >
          Unassign
        </Button>
      )}
    </Group>
  );
}

function NoteForm({ enquiryId }: { enquiryId: string }) {
  const trpc = useTRPC();
  const [body, setBody] = useState('');
  const update = useEnquiryUpdate();
  const add = useMutation(
    trpc.admin.enquiries.addNote.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setBody('');
        await update.onSuccess(updated);
      },
    }),
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ id: enquiryId, body });
      }}
    >
      <Textarea
        label="Note (only the team sees it)"
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" variant="light" disabled={!body.trim()} loading={add.isPending}>
          Add note
        </Button>
      </Group>
    </form>
  );
}
