import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuditRow } from '#shared/audit/schemas.ts';
import { describeAudit, describeChanges, type SentencePart } from '#shared/audit/sentences.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { formatAge } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';

// Long addresses, names and JSON break anywhere rather than widen the page on a 390 px screen.
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/**
 * The record a row names, as a link to its page when the admin has one and it still exists (the
 * list says which: `target` is null once it is gone).
 */
function TargetLink({ row, children }: { row: AuditRow; children: string }): ReactNode {
  const id = row.entityId;
  if (!row.target || !id) return children;
  switch (row.entityType) {
    case 'campaigns':
      return (
        <AnchorLink to="/admin/campaigns/$id" params={{ id }}>
          {children}
        </AnchorLink>
      );
    case 'templates':
      return (
        <AnchorLink to="/admin/templates/$id/edit" params={{ id }}>
          {children}
        </AnchorLink>
      );
    case 'segments':
      return (
        <AnchorLink to="/admin/contacts/segments/$id" params={{ id }}>
          {children}
        </AnchorLink>
      );
    case 'contacts':
      return (
        <AnchorLink to="/admin/contacts/$id" params={{ id }}>
          {children}
        </AnchorLink>
      );
    case 'enquiries':
      return (
        <AnchorLink to="/admin/enquiries/$id" params={{ id }}>
          {children}
        </AnchorLink>
      );
    case 'team':
    case 'user':
      return <AnchorLink to="/admin/team">{children}</AnchorLink>;
    default:
      return children;
  }
}

function Part({ row, part }: { row: AuditRow; part: SentencePart }): ReactNode {
  if (typeof part === 'string') return part;
  const link = <TargetLink row={row}>{part.target}</TargetLink>;
  // A member by name: the address on hover, as PersonName shows it (decision 102).
  return part.address ? <span title={part.address}>{link}</span> : link;
}

/** Pretty-printed, for the raw data behind the sentence. */
function rawData(summary: string): string {
  try {
    return JSON.stringify(JSON.parse(summary), null, 2);
  } catch {
    return summary;
  }
}

/**
 * One audit row (decision 028): the sentence, when (relative, the exact time on hover), the fields
 * it changed before → after, and the raw data behind a disclosure. Every text wraps, so nothing
 * runs off a 390 px screen.
 */
export function AuditEntry({ row, names }: { row: AuditRow; names: Readonly<Record<string, string>> }) {
  const { formatDateTime } = useDisplayTime();
  const sentence = describeAudit(row, names);
  const changes = describeChanges(row, formatDateTime);
  return (
    <Paper component="li" withBorder p="sm" data-testid="audit-entry">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text style={WRAP}>
            <Text span fw={600} title={sentence.actorAddress ?? undefined} data-testid="audit-actor">
              {sentence.actor}
            </Text>{' '}
            {sentence.parts.map((part, index) => (
              <Part key={index} row={row} part={part} />
            ))}
          </Text>
          <Text
            component="time"
            size="sm"
            c="dimmed"
            dateTime={row.createdAt}
            title={formatDateTime(row.createdAt)}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatAge(row.createdAt)}
          </Text>
        </Group>
        {changes.length > 0 && (
          <ul aria-label="Changes" style={{ margin: 0, paddingInlineStart: 20 }}>
            {changes.map((change) => (
              <li key={change.field} style={WRAP}>
                <Text span size="sm" fw={500}>
                  {change.label}:
                </Text>{' '}
                {change.before === null ? (
                  <Text span size="sm" c="dimmed">
                    changed (values not kept)
                  </Text>
                ) : (
                  <Text span size="sm">
                    <span>{change.before}</span> → <span>{change.after}</span>
                  </Text>
                )}
              </li>
            ))}
          </ul>
        )}
        {row.flowChanges && row.flowChanges.length > 0 && (
          <ul aria-label="What the new version changed" style={{ margin: 0, paddingInlineStart: 20 }}>
            {row.flowChanges.map((line, index) => (
              <li key={index} style={WRAP}>
                <Text span size="sm">
                  {line}
                </Text>
              </li>
            ))}
          </ul>
        )}
        <Text size="xs" c="dimmed" style={WRAP}>
          {formatDateTime(row.createdAt)} · <Code>{row.action}</Code>
          {row.ip ? ` · from ${row.ip}` : ''}
        </Text>
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm">
              Raw data
            </Text>
          </summary>
          <Code block style={{ ...WRAP, whiteSpace: 'pre-wrap' }}>
            {rawData(row.summary)}
          </Code>
        </details>
      </Stack>
    </Paper>
  );
}
