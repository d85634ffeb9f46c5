import { Badge, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { SettingsView } from '#shared/settings/schemas.ts';
import { AnchorLink } from '../widgets/links.tsx';

// Read-only: what is configured on the server rather than here.

/** Which integrations have their keys set, never the keys themselves. */
export function ApiIntegrationsCard({ view }: { view: SettingsView }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        API Integrations
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Keys are configured through the server's environment (secrets), never shown here.
      </Text>
      <Stack>
        {view.integrations.map((integration) => (
          <div key={integration.key}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{integration.name}</Text>
              <Badge color={integration.configured ? 'green' : 'gray'} variant="light">
                {integration.configured ? 'Configured' : 'Not configured'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {integration.setting && (
                <>
                  <Code>{integration.setting}</Code> {integration.configured ? '••••••••••••' : 'not set'}
                  .{' '}
                </>
              )}
              {integration.note}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/** Where the team is managed (the Team tab, decision 030), and for the Owner, who is on it. */
export function UserManagementCard({ view }: { view: SettingsView }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        User Management
      </Title>
      {/* The members' addresses, and the Team tab, are the Owner's only (decision 027). */}
      {view.adminEmails ? (
        <>
          <Text size="sm" mb="sm">
            Members are invited, given a role and removed on the{' '}
            <AnchorLink to="/admin/team">Team</AnchorLink> tab, where sign-in security and access requests are
            too.
          </Text>
          <Text size="sm" fw={500}>
            Current admins
          </Text>
          <List size="sm">
            {view.adminEmails.map((email) => (
              <List.Item key={email}>{email}</List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm">The Owner invites members, gives them a role and removes them on the Team tab.</Text>
      )}
    </Card>
  );
}
