import {
  ActionIcon,
  Anchor,
  AppShell,
  Badge,
  Group,
  Loader,
  NavLink,
  Overlay,
  ScrollArea,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DisplayTimeProvider } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { ADMIN_PRODUCT, AdminBrand, ROLE_PRODUCTS } from './AdminBrand.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { ROLE_LABELS } from '#shared/auth/permissions.ts';
import { useCan, useCanOpen, useMe, useSignOutToLogin } from '../auth/session.ts';
import { useEnquiryLive } from '../enquiries/useEnquiryLive.tsx';
import {
  AutomationsIcon,
  CampaignsIcon,
  ContactsIcon,
  DashboardIcon,
  EnquiriesIcon,
  LogoutIcon,
  OutboxIcon,
  SettingsIcon,
  SidebarIcon,
  TemplatesIcon,
  UnsubscribesIcon,
} from './icons.tsx';
import {
  readSidebarOpen,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  writeSidebarOpen,
} from './sidebar-state.ts';

export const ADMIN_TITLE = ADMIN_PRODUCT;

type SidebarTarget =
  | '/admin/dashboard'
  | '/admin/campaigns'
  | '/admin/templates'
  | '/admin/automations'
  | '/admin/enquiries'
  | '/admin/register'
  | '/admin/register/compliance'
  | '/admin/contacts'
  | '/admin/unsubscribes'
  | '/admin/insight'
  | '/admin/settings'
  | '/admin/outbox';

// Each entry shows only to a role that may open what it leads to: the route table the role gate
// refuses pages by (shared/auth/admin-routes.ts, decision 027).
const NAV_ITEMS: ReadonlyArray<{ label: string; to: SidebarTarget; icon: () => ReactNode }> = [
  { label: 'Campaign Dashboard', to: '/admin/dashboard', icon: DashboardIcon },
  { label: 'Campaigns', to: '/admin/campaigns', icon: CampaignsIcon },
  { label: 'Marketing Templates', to: '/admin/templates', icon: TemplatesIcon },
  { label: 'Automations', to: '/admin/automations', icon: AutomationsIcon },
  { label: 'Enquiries', to: '/admin/enquiries', icon: EnquiriesIcon },
  { label: 'Dealer’s Register', to: '/admin/register', icon: EnquiriesIcon },
  // The register's legal clock (decision 070): every reader of the register sees its deadlines.
  { label: 'Compliance', to: '/admin/register/compliance', icon: EnquiriesIcon },
  { label: 'Contacts', to: '/admin/contacts', icon: ContactsIcon },
  { label: 'Unsubscribes', to: '/admin/unsubscribes', icon: UnsubscribesIcon },
  // The owner's funnel (decision 096).
  { label: 'Funnel', to: '/admin/insight', icon: DashboardIcon },
  { label: 'Settings', to: '/admin/settings', icon: SettingsIcon },
  { label: 'Outbox', to: '/admin/outbox', icon: OutboxIcon },
];

// Mantine's `sm` breakpoint (48em): below it the sidebar is an overlay opened from the top bar.
const MOBILE_QUERY = '(max-width: 47.99em)';

// Collapsed (3rem): the icon alone, centred; the label lives in aria-label and the tooltip.
const ICON_ONLY_STYLES = {
  root: { justifyContent: 'center', paddingInline: 0 },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
};

function isActive(pathname: string, to: SidebarTarget): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/admin/dashboard' && path === '/admin') return true;
  // Team and Audit log are tabs of Settings.
  if (to === '/admin/settings' && (path.startsWith('/admin/team') || path.startsWith('/admin/audit')))
    return true;
  // Compliance has its own entry: the register's is not lit beside it.
  if (to === '/admin/register' && path.startsWith('/admin/register/compliance')) return false;
  return path === to || path.startsWith(`${to}/`);
}

/**
 * The settings' timezone, for every date the admin shows (widgets/display-time.tsx), and whether
 * the pages may render: once the zone is known (or could not be read, when the browser's zone
 * stands in), so no date is first drawn in one zone and then in another, and no page is remounted
 * (and its unsaved input lost) when the zone arrives.
 */
function useBusinessTimeZone(): { timeZone: string | undefined; ready: boolean } {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.get.queryOptions(undefined, { staleTime: 60_000 }));
  const timeZone = settings.data?.values.timezone;
  return { timeZone, ready: timeZone !== undefined || settings.isError };
}

/** The guarded admin frame: top bar (title, user, sidebar toggle) and the sidebar. */
export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [desktopOpen, setDesktopOpen] = useState(readSidebarOpen);
  const [mobileOpen, mobile] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { signOut, isPending: signingOut } = useSignOutToLogin();
  const zone = useBusinessTimeZone();
  const can = useCan();
  const canOpen = useCanOpen();
  const me = useMe().data ?? null;
  const role = me?.role ?? null;
  const trpc = useTRPC();
  // Decision 063: one live feed per admin tab; open enquiry pages refetch and the assignee is told.
  useEnquiryLive(can('enquiries.read'), me?.email ?? null);
  // The 24-hour promise in view on every page: enquiries still waiting for a first reply.
  const awaiting = useQuery(
    trpc.admin.enquiries.awaitingReply.queryOptions(undefined, {
      refetchInterval: 60_000,
      enabled: can('enquiries.read'),
    }),
  );
  const awaitingCount = awaiting.data?.count ?? 0;

  const toggle = useCallback(() => {
    if (isMobile) {
      mobile.toggle();
      return;
    }
    setDesktopOpen((open) => {
      writeSidebarOpen(!open);
      return !open;
    });
  }, [isMobile, mobile]);

  // The phone drawer closes like any dialog-like panel: Escape (focus back on its toggle, so a
  // keyboard user is not left on a hidden link) or a tap on the dimmed page behind it.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => {
    mobile.close();
    toggleRef.current?.focus();
  }, [mobile]);

  // Ctrl+B or ⌘+B, as the spec says; ignored while typing in a field or an editor.
  useHotkeys([
    ['ctrl+B', toggle],
    ['meta+B', toggle],
    ['Escape', () => isMobile && mobileOpen && closeDrawer()],
  ]);

  const iconOnly = !isMobile && !desktopOpen;
  const expanded = isMobile ? mobileOpen : desktopOpen;

  const navLink = (
    label: string,
    icon: ReactNode,
    active: boolean,
    props: Record<string, unknown>,
    badge: number | null = null,
  ) => {
    const link = (
      <NavLink
        label={iconOnly ? undefined : label}
        aria-label={iconOnly ? (badge ? `${label} (${badge} awaiting reply)` : label) : undefined}
        leftSection={icon}
        rightSection={
          badge && !iconOnly ? (
            <Badge size="sm" color="red" circle={badge < 10} aria-label={`${badge} awaiting reply`}>
              {badge}
            </Badge>
          ) : undefined
        }
        active={active}
        aria-current={active ? 'page' : undefined}
        noWrap
        styles={iconOnly ? ICON_ONLY_STYLES : undefined}
        {...props}
      />
    );
    return iconOnly ? (
      <Tooltip label={label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: { base: SIDEBAR_WIDTH_MOBILE, sm: desktopOpen ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpen, desktop: false },
      }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Tooltip label="Toggle sidebar (Ctrl+B / ⌘+B)" position="bottom-start">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                ref={toggleRef}
                onClick={toggle}
                aria-label="Toggle sidebar"
                aria-expanded={expanded}
                aria-controls="admin-sidebar"
                aria-keyshortcuts="Control+B Meta+B"
              >
                <SidebarIcon />
              </ActionIcon>
            </Tooltip>
            <AdminBrand size="sm" product={role ? ROLE_PRODUCTS[role] : ADMIN_PRODUCT} />
          </Group>
          <Tooltip
            label={`Account and password${role ? ` · ${ROLE_LABELS[role]}` : ''}`}
            position="bottom-end"
          >
            <Anchor
              component={Link}
              to="/admin/account"
              size="sm"
              c="dimmed"
              truncate
              data-testid="admin-user-email"
            >
              {email}
            </Anchor>
          </Tooltip>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="admin-sidebar"
        aria-label="Admin navigation"
        data-collapsed={iconOnly || undefined}
        // On phones Mantine makes the open navbar full-width; the spec wants 18rem.
        maw={SIDEBAR_WIDTH_MOBILE}
        p={iconOnly ? 4 : 'xs'}
      >
        <AppShell.Section grow component={ScrollArea}>
          {NAV_ITEMS.filter((item) => canOpen(item.to)).map((item) => (
            <div key={item.to}>
              {navLink(
                // A Buyer's templates are the reply templates (their page shows no other kind).
                item.to === '/admin/templates' && !can('templates.read') ? 'Reply Templates' : item.label,
                <item.icon />,
                isActive(pathname, item.to),
                {
                  renderRoot: (rootProps: Record<string, unknown>) => <Link to={item.to} {...rootProps} />,
                  onClick: isMobile ? mobile.close : undefined,
                },
                item.to === '/admin/enquiries' && awaitingCount > 0 ? awaitingCount : null,
              )}
            </div>
          ))}
        </AppShell.Section>
        <AppShell.Section>
          {navLink('Logout', <LogoutIcon />, false, {
            component: 'button',
            type: 'button',
            disabled: signingOut,
            onClick: () => void signOut(),
          })}
        </AppShell.Section>
      </AppShell.Navbar>

      {isMobile && mobileOpen && (
        // Below the header and the drawer (AppShell's z-index 100), above the page.
        <Overlay
          fixed
          zIndex={99}
          backgroundOpacity={0.4}
          onClick={mobile.close}
          data-testid="drawer-backdrop"
        />
      )}
      {/* The skip link's target: focusable by script only, so it is no extra tab stop. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {zone.ready ? (
          <DisplayTimeProvider timeZone={zone.timeZone}>{children}</DisplayTimeProvider>
        ) : (
          <Loader aria-label="Loading" m="xl" />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
