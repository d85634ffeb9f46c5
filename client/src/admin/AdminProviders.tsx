import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';

// Mantine and its CSS are imported only from admin route components: the router's code splitting
// puts this module in the admin chunks, so public pages never download it.
const theme = createTheme({
  primaryColor: 'dark',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
});

export function AdminProviders({ children }: { children: ReactNode }) {
  useNoIndex();
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      {children}
    </MantineProvider>
  );
}

/** Admin pages must never be indexed. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
