import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useMe, useSignOutToLogin } from './session.ts';
import { FullPageLoader } from '../shell/FullPageLoader.tsx';

export function UnauthorizedPage() {
  useDocumentTitle(`Access Denied | ${ADMIN_TITLE}`);
  const me = useMe();
  const { signOut, isPending } = useSignOutToLogin();
  if (me.isPending) return <FullPageLoader />;
  const email = me.data?.email;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
        <Stack>
          <Title order={1} size="h2">
            Access Denied
          </Title>
          <Alert color="red" variant="light">
            You don't have admin privileges to access this area.
          </Alert>
          {email ? (
            <Text>
              Signed in as <strong>{email}</strong>
            </Text>
          ) : (
            <Text>You are not signed in.</Text>
          )}
          <Text size="sm" c="dimmed">
            Ask an administrator to grant your account admin access, or sign in with another account.
          </Text>
          <Group grow>
            <Button onClick={() => void signOut()} loading={isPending}>
              Try another account
            </Button>
            <Button variant="default" renderRoot={(props) => <Link to="/" {...props} />}>
              Return to Home
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
