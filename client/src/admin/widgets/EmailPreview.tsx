import { Box, Text } from '@mantine/core';

interface EmailPreviewProps {
  html: string;
  title?: string;
  height?: number | string;
}

/**
 * Appended to the previewed document, so an e-mail whose own CSS pins its page (`height:100%` with
 * `overflow:hidden` on html or body, common in e-mail boilerplate) still scrolls in the fixed-height
 * frame instead of being clipped at its foot. At the end, not the start: a style before the
 * doctype would put the document in quirks mode. Only the preview gets it; the e-mail is unchanged.
 */
const PREVIEW_SCROLL_STYLE =
  '<style>html,body{overflow:auto!important;height:auto!important;max-height:none!important}</style>';

/**
 * Renders e-mail HTML in a fully sandboxed frame: `sandbox=""` runs no script, submits no form and
 * gives the document an opaque origin, so even HTML that was never sanitised cannot reach the admin
 * session. `srcdoc` keeps it off the network.
 */
export function EmailPreview({ html, title = 'Email preview', height = 480 }: EmailPreviewProps) {
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        {title}
      </Text>
      <iframe
        title={title}
        sandbox=""
        srcDoc={html + PREVIEW_SCROLL_STYLE}
        referrerPolicy="no-referrer"
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
