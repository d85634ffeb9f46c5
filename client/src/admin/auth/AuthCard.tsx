import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminBrand } from '../shell/AdminBrand.tsx';

/** The centred card of the signed-out admin screens (sign in, forgot and reset password), branded. */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack>
          <AdminBrand />
          <Title order={1} size="h4">
            {subtitle}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
