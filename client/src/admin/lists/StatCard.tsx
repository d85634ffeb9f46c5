import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  note?: string;
  loading?: boolean;
}

/** One summary figure with its label and an optional note. */
export function StatCard({ label, value, note, loading = false }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={30} mt={6} width="60%" />
      ) : (
        <Text fz={28} fw={700} lh={1.3} mt={2}>
          {value}
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
