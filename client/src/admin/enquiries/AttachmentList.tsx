import { Anchor, Stack, Text } from '@mantine/core';
import type { IncomingAttachment } from '#shared/enquiries/unmatched.ts';

// A seller's e-mailed attachments (decision 060), on the timeline and the Unmatched mail list.

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A kept file is a download (the route sends it as an attachment); a refused one says why. */
export function AttachmentList({
  attachments,
  href,
}: {
  attachments: IncomingAttachment[];
  href: (id: string) => string;
}) {
  if (attachments.length === 0) return null;
  return (
    <Stack
      gap={2}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label="Attachments"
    >
      {attachments.map((a) => (
        <Text component="li" size="sm" key={a.id}>
          {a.downloadable ? (
            <Anchor href={href(a.id)} download={a.filename}>
              {a.filename}
            </Anchor>
          ) : (
            a.filename
          )}{' '}
          <Text span size="xs" c="dimmed">
            {a.refusedReason
              ? `refused: ${a.refusedReason}`
              : a.photoId
                ? 'with the photos'
                : `${kilobytes(a.bytes)}, ${a.contentType}`}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}
