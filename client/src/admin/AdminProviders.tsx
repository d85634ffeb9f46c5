import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTRPC } from '../trpc.ts';
import { AUTH_CHANNEL, isAccessError, isFromAnotherTab } from './auth.ts';

// Mantine and its CSS are imported only from admin route components: the router's code splitting
// puts this module in the admin chunks, so public pages never download it.
const theme = createTheme({
  primaryColor: 'dark',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
});

export function AdminProviders({ children }: { children: ReactNode }) {
  useNoIndex();
  useAuthRecheck();
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

/**
 * "Access is rechecked on every authentication change" (spec §2): any admin call answered with
 * 401/403 (session expired, revoked, role removed) and any sign-in or sign-out in another tab
 * invalidates `auth.me`, and the guard, which renders from that query, redirects as needed.
 */
function useAuthRecheck() {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    // 'failed' fires on the first failed attempt, so the check does not wait for the query's retries.
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if ((action.type === 'failed' || action.type === 'error') && isAccessError(action.error)) recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if ((action.type === 'failed' || action.type === 'error') && isAccessError(action.error)) recheck();
    });
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
    channel?.addEventListener('message', (message) => {
      if (isFromAnotherTab(message)) recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      channel?.close();
    };
  }, [queryClient, trpc]);
}
