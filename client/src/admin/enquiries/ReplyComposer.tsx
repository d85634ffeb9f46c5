import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { REPLY_FIELDS, REPLY_MESSAGES } from '#shared/enquiries/reply.ts';
import type { EnquiryDetail } from '#shared/enquiries/schemas.ts';
import { identityFooter } from '#shared/templates/identity-footer.ts';
import { unfillableTags, unfillableTagsMessage } from '#shared/templates/kinds.ts';
import { EmailPreview } from '../widgets/EmailPreview.tsx';
import { ReplyEditor, type ReplyWriting } from '../widgets/ReplyEditor.tsx';
import { MessageText } from '../../ui/MessageText.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { useEnquiryUpdate } from './enquiry-update.ts';
import { notifySuccess } from '../widgets/notify.ts';

// As on the seller's page: a line break kept, paragraphs a line apart (decision 093).
const PARAGRAPH_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '0 0 0.75rem' } as const;

/**
 * Compose a reply: a reply template merged for this enquiry on the server, then written on in the
 * composer (decision 093). Tags left in the text are merged again when it is sent.
 */
export function ReplyComposer({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.admin.enquiries.replyTemplates.queryOptions());
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const [text, setText] = useState('');
  const previewHeadingId = useId();
  const write = useCallback((writing: ReplyWriting) => {
    setHtml(writing.html);
    setText(writing.text);
  }, []);
  const [loadError, setLoadError] = useState<string | null>(null);
  const update = useEnquiryUpdate();
  const send = useMutation(
    trpc.admin.enquiries.reply.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        notifySuccess(`To ${enquiry.sellerEmail}`, { title: REPLY_MESSAGES.sent });
        setTemplateId(null);
        setSubject('');
        setHtml('');
        setText('');
        await update.onSuccess(updated);
      },
    }),
  );

  const choose = async (id: string | null) => {
    setTemplateId(id);
    setLoadError(null);
    if (!id) return;
    try {
      const draft = await queryClient.fetchQuery(
        trpc.admin.enquiries.replyPreview.queryOptions({ id: enquiry.id, templateId: id }),
      );
      setSubject(draft.subject);
      setHtml(draft.html);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  };

  // A tag a reply cannot fill is refused here as on the server (decision 011), naming it.
  const subjectTags = unfillableTags('reply', subject);
  const htmlTags = unfillableTags('reply', html);

  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label="Template"
          placeholder={templates.data?.length === 0 ? 'No reply templates yet' : 'Choose a reply template'}
          data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={templateId}
          onChange={(value) => void choose(value)}
          clearable
          w={320}
        />
        <AnchorLink to="/admin/templates" search={{ kind: 'reply' }} size="sm" mb={8}>
          Manage reply templates
        </AnchorLink>
      </Group>
      {loadError && <Alert color="red">{loadError}</Alert>}
      <TextInput
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        error={subjectTags.length > 0 ? unfillableTagsMessage('reply', subjectTags) : undefined}
      />
      <ReplyEditor
        label="Message"
        description="Enter starts a paragraph, Shift+Enter a new line. Merge fields are filled when it is sent."
        value={html}
        onChange={write}
        fields={REPLY_FIELDS}
        error={htmlTags.length > 0 ? unfillableTagsMessage('reply', htmlTags) : undefined}
      />
      {html.trim() && (
        <>
          {/* The reply as the seller's page will show it: its paragraphs, under the subject. */}
          <Paper component="section" withBorder p="sm" radius="md" aria-labelledby={previewHeadingId}>
            <Title order={3} size="h6" id={previewHeadingId} mb={4}>
              On the seller&apos;s page
            </Title>
            {subject.trim() && (
              <Text fw={600} size="sm" mb={4}>
                {subject}
              </Text>
            )}
            <div data-testid="seller-page-message">
              <MessageText text={text} paragraphStyle={PARAGRAPH_STYLE} />
            </div>
          </Paper>
          {/* The reply as the seller gets it: in the layout, with the identity footer (decision 051). */}
          <EmailPreview
            html={html}
            title="Reply preview"
            height={360}
            layout={{ subject, footer: identityFooter(site) }}
          />
        </>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Sent to {enquiry.sellerEmail} from the business's address; answers come back to its inbox.
        </Text>
        <Button
          disabled={!subject.trim() || !html.trim() || subjectTags.length + htmlTags.length > 0}
          loading={send.isPending}
          onClick={() => send.mutate({ id: enquiry.id, templateId, subject, html })}
        >
          Send reply
        </Button>
      </Group>
    </Stack>
  );
}
