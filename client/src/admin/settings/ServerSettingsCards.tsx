import { Badge, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import type { SettingsView } from '#shared/settings/schemas.ts';

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

/** Where admin users are managed, and for the Owner, who they are. */
export function UserManagementCard({ view }: { view: SettingsView }) {
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4">
        User Management
      </Title>
      <Text size="sm" mb="sm">
        Admin users are managed on the server with <Code>npm run admin</Code>:{' '}
        <Code>create &lt;email&gt;</Code>, <Code>grant &lt;email&gt;</Code>, <Code>revoke &lt;email&gt;</Code>{' '}
        and <Code>list</Code>. The role is stored in the <Code>user_roles</Code> table.
      </Text>
      {/* The members' addresses come to the Owner only (decision 027). */}
      {view.adminEmails && (
        <>
          <Text size="sm" fw={500}>
            Current admins
          </Text>
          <List size="sm">
            {view.adminEmails.map((email) => (
              <List.Item key={email}>{email}</List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}
