import { Stack, Tabs } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCanOpen } from '../auth/session.ts';

type SettingsPath = '/admin/settings' | '/admin/settings/domain' | '/admin/team' | '/admin/audit';

// Admin → Settings holds the business's settings, its team and the audit log: one sidebar entry,
// a tab per page, each shown to the roles allowed to open it (the route table, decision 027).
// The URLs stay.
export const SETTINGS_TABS: ReadonlyArray<{ label: string; to: SettingsPath }> = [
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Sending domain', to: '/admin/settings/domain' },
  { label: 'Team', to: '/admin/team' },
  { label: 'Audit log', to: '/admin/audit' },
];

export function SettingsSection({ children }: { children: ReactNode }) {
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tabs = SETTINGS_TABS.filter((tab) => canOpen(tab.to));
  // The longest match: /admin/settings/domain is its own tab, not Settings.
  const current =
    SETTINGS_TABS.filter((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`)).sort(
      (a, b) => b.to.length - a.to.length,
    )[0]?.to ?? null;
  if (tabs.length === 0) return children;
  return (
    <Stack>
      <Tabs
        value={current}
        onChange={(value) => {
          const tab = SETTINGS_TABS.find((t) => t.to === value);
          if (tab) void navigate({ to: tab.to });
        }}
        aria-label="Settings sections"
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.to} value={tab.to}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  );
}
