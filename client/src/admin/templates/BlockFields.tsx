import {
  Button,
  FileButton,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { type LeafBlock, SPACER_SIZES } from '#shared/templates/blocks.ts';
import { PHOTO_ACCEPT, PHOTO_FIELD } from '#shared/uploads/schema.ts';
import { RichTextField } from './RichTextField.tsx';

const emailImageResponse = z.object({ id: z.uuid() });

/** The message at a path of the block document ('blocks.2.alt'), if any. */
export type ErrorAt = (path: string) => string | undefined;

/**
 * Where the block editor's image goes (decision 054): the e-mail image route, which runs the sell
 * form's checks and re-encoding and keeps the 1200 px e-mail variant; it answers with its id.
 */
async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  const response = await fetch('/api/email-images', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    // The header the CSRF check asks of every state-changing request (server/http/csrf.ts).
    headers: { 'x-csrf-protection': '1' },
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      json !== null && typeof json === 'object' && 'error' in json && typeof json.error === 'string'
        ? json.error
        : 'The image could not be uploaded';
    throw new Error(message);
  }
  const parsed = emailImageResponse.safeParse(json);
  if (!parsed.success) throw new Error('The image could not be uploaded');
  return parsed.data.id;
}

type ImageFields = { uploadId?: string | null | undefined; url?: string | null | undefined; alt: string };

function ImageSourceFields<T extends ImageFields>({
  block,
  path,
  onChange,
  errorAt,
}: {
  block: T;
  path: string;
  onChange: (block: T, field?: string) => void;
  errorAt: ErrorAt;
}) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const uploadId = await uploadImage(file);
      onChange({ ...block, uploadId, url: '' });
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'The image could not be uploaded');
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <FileButton onChange={(file) => void upload(file)} accept={PHOTO_ACCEPT}>
          {(props) => (
            <Button variant="default" loading={uploading} {...props}>
              {block.uploadId ? 'Replace image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
        {block.uploadId ? (
          <>
            <Image src={`/api/email-images/${block.uploadId}`} alt="" h={48} w="auto" radius="sm" />
            <Button variant="subtle" onClick={() => onChange({ ...block, uploadId: null })}>
              Remove image
            </Button>
          </>
        ) : (
          <TextInput
            style={{ flex: 1 }}
            label="or image address"
            placeholder="https://"
            value={block.url ?? ''}
            onChange={(event) => onChange({ ...block, url: event.currentTarget.value }, `${path}.url`)}
            error={errorAt(`${path}.url`)}
          />
        )}
      </Group>
      {uploadError && (
        <Text size="sm" c="red" role="alert">
          {uploadError}
        </Text>
      )}
      <TextInput
        label="Alt text"
        description="What the image shows, for readers whose mail hides images and for screen readers"
        required
        value={block.alt}
        onChange={(event) => onChange({ ...block, alt: event.currentTarget.value }, `${path}.alt`)}
        error={errorAt(`${path}.alt`)}
      />
    </Stack>
  );
}

/** The fields of one content block; `path` names it in the document ('blocks.2'). */
export function LeafBlockFields({
  block,
  path,
  onChange,
  errorAt,
}: {
  block: LeafBlock;
  path: string;
  /** `field` names the field typed into, so that typing is one undo step (block-history.ts). */
  onChange: (block: LeafBlock, field?: string) => void;
  errorAt: ErrorAt;
}) {
  switch (block.type) {
    case 'heading':
      return (
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label="Heading text"
            required
            value={block.text}
            onChange={(event) => onChange({ ...block, text: event.currentTarget.value }, `${path}.text`)}
            error={errorAt(`${path}.text`)}
          />
          <SegmentedControl
            aria-label="Heading size"
            value={String(block.level)}
            onChange={(value) => onChange({ ...block, level: value === '1' ? 1 : value === '3' ? 3 : 2 })}
            data={[
              { value: '1', label: 'Large' },
              { value: '2', label: 'Medium' },
              { value: '3', label: 'Small' },
            ]}
          />
        </Group>
      );
    case 'richText':
      return (
        <RichTextField
          label="Text"
          value={block.html}
          onChange={(html) => onChange({ ...block, html }, `${path}.html`)}
          error={errorAt(`${path}.html`)}
        />
      );
    case 'image':
      return (
        <Stack gap="xs">
          <ImageSourceFields block={block} path={path} onChange={onChange} errorAt={errorAt} />
          <TextInput
            label="Link (optional)"
            placeholder="https://"
            value={block.href ?? ''}
            onChange={(event) =>
              onChange({ ...block, href: event.currentTarget.value || null }, `${path}.href`)
            }
            error={errorAt(`${path}.href`)}
          />
        </Stack>
      );
    case 'button':
      return (
        <Group grow align="flex-start">
          <TextInput
            label="Button label"
            required
            value={block.label}
            onChange={(event) => onChange({ ...block, label: event.currentTarget.value }, `${path}.label`)}
            error={errorAt(`${path}.label`)}
          />
          <TextInput
            label="Button link"
            description="https://… or a link tag such as {{preferences_url}}"
            required
            value={block.url}
            onChange={(event) => onChange({ ...block, url: event.currentTarget.value }, `${path}.url`)}
            error={errorAt(`${path}.url`)}
          />
        </Group>
      );
    case 'divider':
      return (
        <Text size="sm" c="dimmed">
          A thin line across the message.
        </Text>
      );
    case 'spacer':
      return (
        <SegmentedControl
          aria-label="Space"
          value={String(block.size)}
          onChange={(value) => {
            const size = SPACER_SIZES.find((s) => String(s) === value);
            if (size) onChange({ ...block, size });
          }}
          data={SPACER_SIZES.map((s) => ({ value: String(s), label: `${s} px` }))}
        />
      );
    case 'watch':
      return (
        <Stack gap="xs">
          <ImageSourceFields block={block} path={path} onChange={onChange} errorAt={errorAt} />
          <Group grow align="flex-start">
            <TextInput
              label="Brand"
              required
              value={block.brand}
              onChange={(event) => onChange({ ...block, brand: event.currentTarget.value }, `${path}.brand`)}
              error={errorAt(`${path}.brand`)}
            />
            <TextInput
              label="Model"
              required
              value={block.model}
              onChange={(event) => onChange({ ...block, model: event.currentTarget.value }, `${path}.model`)}
              error={errorAt(`${path}.model`)}
            />
          </Group>
          <Textarea
            label="Short text"
            autosize
            minRows={2}
            value={block.text}
            onChange={(event) => onChange({ ...block, text: event.currentTarget.value }, `${path}.text`)}
            error={errorAt(`${path}.text`)}
          />
        </Stack>
      );
  }
}
