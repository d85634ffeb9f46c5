import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ADMIN_TITLE } from '../admin/AdminShell.tsx';

/** The centred card of the signed-out admin screens (sign in, forgot and reset password). */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack>
          <div>
            <Title order={1} size="h2">
              {ADMIN_TITLE}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
