import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fillLayoutShell, unwrapDocument } from '#shared/templates/layout-shell.ts';
import { useTRPC } from '../../trpc.ts';

interface EmailPreviewProps {
  html: string;
  title?: string;
  height?: number | string;
  /**
   * Show `html` as the message's content inside the e-mail layout (decision 051), as it is sent:
   * the subject as the document's title, and the footer a reply gets (a marketing preview's HTML
   * carries its own). Absent: `html` is a whole message already (the outbox).
   */
  layout?: { subject: string; footer?: string };
}

/**
 * Appended to the previewed document, so an e-mail whose own CSS pins its page (`height:100%` with
 * `overflow:hidden` on html or body, common in e-mail boilerplate) still scrolls in the fixed-height
 * frame instead of being clipped at its foot. At the end, not the start: a style before the
 * doctype would put the document in quirks mode. Only the preview gets it; the e-mail is unchanged.
 */
const PREVIEW_SCROLL_STYLE =
  '<style data-preview-only>html,body{overflow:auto!important;height:auto!important;max-height:none!important}</style>';

/**
 * Renders e-mail HTML in a fully sandboxed frame: `sandbox=""` runs no script, submits no form and
 * gives the document an opaque origin, so even HTML that was never sanitised cannot reach the admin
 * session. `srcdoc` keeps it off the network. The frame scrolls the whole message.
 */
export function EmailPreview({ html, title = 'Email preview', height = 480, layout }: EmailPreviewProps) {
  const trpc = useTRPC();
  // The layout the server renders every message in, with slots; the same for every preview.
  const shell = useQuery(
    trpc.admin.templates.layoutShell.queryOptions(undefined, {
      enabled: layout !== undefined,
      staleTime: Infinity,
    }),
  );
  let document = html;
  if (layout && shell.data) {
    const { body, css } = unwrapDocument(html);
    document = fillLayoutShell(shell.data.html)({
      title: layout.subject,
      body,
      footer: layout.footer ?? '',
      css,
    });
  }
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        {title}
      </Text>
      <iframe
        title={title}
        sandbox=""
        srcDoc={document + PREVIEW_SCROLL_STYLE}
        referrerPolicy="no-referrer"
        data-layout={layout ? (shell.data ? 'email' : 'loading') : 'none'}
        style={{
          width: '100%',
          height,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
        }}
      />
    </Box>
  );
}
