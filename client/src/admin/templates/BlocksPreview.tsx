import { Box, Group, SegmentedControl, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { blockDocumentSchema, type BlockDocument } from '#shared/templates/blocks.ts';
import { useTRPC } from '../../trpc.ts';
import type { TemplateKind } from './template-form.ts';

/*
 * The block editor's live preview (decision 054): the server renders it with the one renderer and
 * the sending path's layout and footer, so the preview is the message. At 600 px (the layout's
 * column) or 375 px (a phone); the frame keeps that width inside a box that scrolls sideways on a
 * narrower screen, and the message scrolls inside the frame: nothing is cut off.
 */
const WIDTHS = { desktop: 600, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

export function BlocksPreview({
  kind,
  subject,
  preheader,
  doc,
}: {
  kind: TemplateKind;
  subject: string;
  preheader: string;
  doc: BlockDocument;
}) {
  const trpc = useTRPC();
  const [width, setWidth] = useState<Width>('desktop');
  const [input] = useDebouncedValue({ kind, subject, preheader, doc }, 300);
  // Only a document the server would take: while a block is half filled the last good one stays.
  const valid = blockDocumentSchema.safeParse(input.doc);
  const preview = useQuery(
    trpc.admin.templates.previewBlocks.queryOptions(
      valid.success
        ? {
            kind: input.kind,
            subject: input.subject.slice(0, 500),
            preheader: input.preheader.slice(0, 500),
            blocks: valid.data,
          }
        : skipToken,
      { placeholderData: keepPreviousData },
    ),
  );
  const frameWidth = WIDTHS[width];
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Live preview
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={width}
          onChange={(value) => setWidth(value === 'phone' ? 'phone' : 'desktop')}
          data={[
            { value: 'desktop', label: '600 px' },
            { value: 'phone', label: '375 px' },
          ]}
        />
      </Group>
      {/* A scroll region keyboard users can reach and name, as every wide table's (decision 056). */}
      <Box
        style={{ overflowX: 'auto', maxWidth: '100%' }}
        data-testid="blocks-preview-scroller"
        tabIndex={0}
        role="region"
        aria-label="Preview, scrolls sideways"
      >
        <iframe
          title={`Live preview at ${frameWidth} px`}
          // Server-rendered and sanitised, and still sandboxed: no script, an opaque origin.
          sandbox=""
          srcDoc={preview.data?.html ?? ''}
          referrerPolicy="no-referrer"
          style={{
            display: 'block',
            width: frameWidth + 2,
            minWidth: frameWidth + 2,
            height: 640,
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 'var(--mantine-radius-sm)',
            background: '#fff',
          }}
        />
      </Box>
      {!valid.success && (
        <Text size="xs" c="dimmed" mt={4}>
          The preview shows the last complete version; fill in the marked fields to update it.
        </Text>
      )}
    </Box>
  );
}
