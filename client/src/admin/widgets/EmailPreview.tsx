import { Box, Text } from '@mantine/core';

interface EmailPreviewProps {
  html: string;
  title?: string;
  height?: number | string;
}

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
        srcDoc={html}
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
