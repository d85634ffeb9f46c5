import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import {
  Badge,
  Combobox,
  createTheme,
  type CSSVariablesResolver,
  darken,
  DEFAULT_THEME,
  Drawer,
  luminance,
  type MantineColorsTuple,
  MantineProvider,
  Modal,
  Notification,
  ScrollArea,
  Table,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { onApiError } from '../../api/api-errors.ts';
import { useTRPC } from '../../trpc.ts';
import { AUTH_CHANNEL, isAccessError, isFromAnotherTab } from '../auth/session.ts';

// Mantine and its CSS are imported only from admin route components: the router's code splitting
// puts this module in the admin chunks, so public pages never download it.

/**
 * The site's gold (client/src/public/styles/tokens.css: --gold #8c6516 is shade 7, --gold-bright #d2ad5c
 * shade 4, --gold-soft #f3e8d2 shade 1) as the admin's primary colour. Shade 7 carries white text at
 * 5.1:1 and reads as text on white at 5.4:1 (WCAG AA).
 */
const gold: MantineColorsTuple = [
  '#fbf6ea',
  '#f3e8d2',
  '#e8d3a6',
  '#dcbd78',
  '#d2ad5c',
  '#c29a45',
  '#a88034',
  '#8c6516',
  '#72520f',
  '#5a400a',
];

export const ADMIN_SCROLLBAR_HIDE_MS = 600;

const ADMIN_FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

// Modal and drawer titles are h2 elements, which the public site's stylesheet sets in its serif; the
// admin keeps one typeface.
const titleInAdminFont = { title: { fontFamily: ADMIN_FONT, fontWeight: 600 } };

export const adminTheme = createTheme({
  primaryColor: 'gold',
  primaryShade: 7,
  colors: { gold },
  fontFamily: ADMIN_FONT,
  headings: { fontFamily: ADMIN_FONT },
  // A member whose system asks for less motion gets dialogs, drawers, menus and toasts without
  // their fade and scale (WCAG 2.3.3), as the public site's stylesheet already does; the e2e run
  // asks for it too, so no check waits on a transition (decision 108).
  respectReducedMotion: true,
  components: {
    // Every dialog's and drawer's close button is named (axe button-name, critical; decision 090):
    // Mantine's is an unlabelled icon. A dialog that passes its own closeButtonProps keeps them.
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } },
      styles: titleInAdminFont,
    }),
    Drawer: Drawer.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close drawer' } },
      styles: titleInAdminFont,
    }),
    // Every toast's close button is named (axe button-name): Mantine's is an unlabelled icon. Its
    // message is Mantine's gray 6 (3.3:1 on white): the admin's dimmed gray 7 instead (decision 090).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    // A picker's list shows whenever it is open (decision 109). Mantine hides a list whose input
    // it finds off screen, and for a list kept mounted between opens that finding went stale: after
    // the layout moved while it was closed (a resize, a card above it loading), the next open
    // showed nothing.
    Combobox: Combobox.extend({ defaultProps: { hideDetached: false } }),
    // Decision 056: a badge is as wide as its words, never an ellipsis ("NE…") or a dot, wherever a
    // flex row or a narrow table cell squeezes it.
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, minWidth: 'max-content' } } }),
    // docs/spec/public-site.md §9: scroll areas hide their scrollbar 600 ms after scrolling stops.
    ScrollArea: ScrollArea.extend({ defaultProps: { scrollHideDelay: ADMIN_SCROLLBAR_HIDE_MS } }),
    ScrollAreaAutosize: ScrollArea.Autosize.extend({
      defaultProps: { scrollHideDelay: ADMIN_SCROLLBAR_HIDE_MS },
    }),
    // Decision 056: a table wider than a phone scrolls inside its own box (native overflow: one
    // scroller, touch-friendly), and that box takes focus so the keyboard can scroll it too (axe:
    // scrollable-region-focusable); the name says what the tab stop is. Positioned, so a visually
    // hidden column label (position: absolute) is clipped by the box instead of widening the page
    // (a Buyer's contacts list scrolled 534 px sideways at 390 px without it).
    TableScrollContainer: Table.ScrollContainer.extend({
      defaultProps: { type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Scrollable table' },
      styles: { scrollContainer: { position: 'relative' } },
    }),
  },
});

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color`, darkened in 5 % steps only as far as needed to read at 4.5:1 (WCAG AA) on `background`. */
export function readableOn(color: string, background: string): string {
  for (let step = 0; step < 20; step += 1) {
    const candidate = step === 0 ? color : darken(color, step * 0.05);
    if (contrastRatio(candidate, background) >= 4.5) return candidate;
  }
  return '#000000';
}

const STRIPE = DEFAULT_THEME.colors.gray[0];

/**
 * Decision 056, every colour at 4.5:1 (WCAG AA), set here once for every component. Mantine's
 * light variant writes shade 9 on shade 1 (yellow 2.6:1, orange 3.4:1, green 3.5:1 and more under
 * 4.5:1), its filled variant white on shade 7 (yellow 2.1:1, teal 2.9:1) and its outline and
 * `c="green"` text shade 7 on white. Here: filled is the first shade from 7 on that carries white text at
 * 4.5:1 (darkened when none does), outline and text that colour made readable on a striped row,
 * and the light variant's text shade 9 made readable on its hover background (shade 2).
 */
export function readableColorVariables(
  colors: Record<string, readonly string[]>,
): Record<`--${string}`, string> {
  const variables: Record<`--${string}`, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const [, , lightHover = '#ffffff', , , , , seven = '#000000', eight = seven, nine = eight] = shades;
    const filled =
      [seven, eight, nine].find((shade) => contrastRatio(shade, '#ffffff') >= 4.5) ??
      readableOn(nine, '#ffffff');
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-outline`] = readableOn(filled, STRIPE);
    variables[`--mantine-color-${name}-text`] = readableOn(filled, STRIPE);
    variables[`--mantine-color-${name}-light-color`] = readableOn(nine, lightHover);
  }
  return variables;
}

/**
 * Secondary ("dimmed") text in gray 7, not Mantine's gray 6: gray 6 is 3.3:1 on white and 3.0:1 on
 * a striped row, under WCAG AA's 4.5:1, and axe counts every such text as a serious violation; gray
 * 7 is 8.2:1 and 7.4:1. Every named colour's variants follow decision 056 (readableColorVariables).
 */
export const adminCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...readableColorVariables(theme.colors),
    '--mantine-color-dimmed': theme.colors.gray[7],
    // A FileInput's placeholder is text in a button, so it needs 4.5:1 too (gray 5 is 2.1:1); gray 6
    // made readable keeps it lighter than a value.
    '--mantine-color-placeholder': readableOn(theme.colors.gray[6], '#ffffff'),
    // A field's error message and its invalid value are Mantine's red 6, 3.3:1 on white (decision 090).
    '--mantine-color-error': readableOn(theme.colors.red[6], '#ffffff'),
  },
  dark: {},
});

export function AdminProviders({ children }: { children: ReactNode }) {
  useNoIndex();
  useAuthRecheck();
  return (
    <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables}>
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
 * "Access is rechecked on every authentication change" (docs/spec/admin.md §2): any admin call answered with
 * 401/403 (session expired, revoked, role removed) and any sign-in or sign-out in another tab
 * invalidates `auth.me`, and the guard, which renders from that query, redirects as needed.
 */
function useAuthRecheck() {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    // The caches' onError (api-errors.ts) fires once a query has given up; a 401 or 403 is never
    // retried (api/retry.ts), so it arrives on the first failed attempt.
    const stopListening = onApiError((error) => {
      if (isAccessError(error)) recheck();
    });
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
    channel?.addEventListener('message', (message) => {
      if (isFromAnotherTab(message)) recheck();
    });
    return () => {
      stopListening();
      channel?.close();
    };
  }, [queryClient, trpc]);
}
