import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type CampaignDetail, campaignPreviewInputSchema } from '#shared/campaigns/schemas.ts';
import {
  type BlockDocument,
  blockDocumentSchema,
  blockTexts,
  starterBlocks,
} from '#shared/templates/blocks.ts';
import { useTRPC } from '../../trpc.ts';
import { documentOf, useBlockHistory } from '../templates/block-history.ts';

/** Which editor holds the campaign's content (decision 092). */
export type CampaignEditor = 'blocks' | 'html';

interface PreviewContext {
  subject: string;
  preheader: string;
  variables: Record<string, string>;
  segmentId: string | null;
  includeInactive: boolean;
}

/** The preview's input, cut to the lengths the server takes while the form still says what is wrong. */
function previewInput(context: PreviewContext, blocks: BlockDocument) {
  return {
    subject: context.subject.slice(0, 600),
    preheader: context.preheader.slice(0, 500),
    blocks,
    variables: context.variables,
    segmentId: context.segmentId,
    includeInactive: context.includeInactive,
  };
}

/**
 * A campaign's blocks (decision 092): the document with its undo history (the templates' own,
 * decision 054), which editor is in use, the document's issues keyed as the block editor asks for
 * them, and the server's live preview merged for a sample contact of the audience. A campaign
 * opens in the editor it was saved from; a new one in Custom HTML, until a block template is chosen.
 */
export function useCampaignBlocks(campaign: CampaignDetail | undefined, context: PreviewContext) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<CampaignEditor>(campaign?.blocks ? 'blocks' : 'html');
  const history = useBlockHistory(campaign?.blocks ?? starterBlocks('marketing'));
  const doc = documentOf(history.list);
  const check = blockDocumentSchema.safeParse(doc);
  const issues = new Map<string, string>();
  if (!check.success) {
    // Keyed as the editor asks: 'blocks.3.alt' for a field, 'blocks' for the document.
    for (const issue of check.error.issues) {
      const path = issue.path.join('.') || 'blocks';
      if (!issues.has(path)) issues.set(path, issue.message);
    }
  }
  const valid: BlockDocument | null = check.success ? check.data : null;

  // Debounced as text: an object made afresh on every render would restart the wait for ever.
  const wanted = editor === 'blocks' && valid ? JSON.stringify(previewInput(context, valid)) : null;
  const [debounced] = useDebouncedValue(wanted, 300);
  // Only an input the server would take: while a block is half filled the last good preview stays.
  const parsed = debounced === null ? null : campaignPreviewInputSchema.safeParse(JSON.parse(debounced));
  const preview = useQuery(
    trpc.admin.campaigns.preview.queryOptions(parsed?.success ? parsed.data : skipToken, {
      placeholderData: keepPreviousData,
    }),
  );

  /** The blocks' rendered body, for Custom HTML to start from; null while a block is incomplete. */
  const renderedBody = async (): Promise<string | null> => {
    if (!valid) return null;
    const result = await queryClient.fetchQuery(
      trpc.admin.campaigns.preview.queryOptions(previewInput(context, valid)),
    );
    return result.body;
  };

  return {
    editor,
    setEditor,
    history,
    doc,
    /** The document when every block is complete, else null (nothing to save or send yet). */
    valid,
    errorAt: (path: string) => issues.get(path),
    /** Every text of the blocks, for the merge-tag rules (decision 011). */
    texts: blockTexts(doc.blocks).join('\n'),
    preview,
    renderedBody,
  };
}

export type CampaignBlocks = ReturnType<typeof useCampaignBlocks>;
