import { Box, Group, Stack, Text } from '@mantine/core';
import type { Role } from '#shared/auth/permissions.ts';
import { Icon } from '../../ui/Icon.tsx';
import { site } from '../../site.ts';

export const ADMIN_PRODUCT = 'Email Campaign Manager';

/**
 * What the admin is to each role, under the business's name (decision 091): a Buyer works the
 * enquiry desk and a Viewer only reads, so neither is told it is an e-mail campaign tool.
 */
export const ROLE_PRODUCTS: Record<Role, string> = {
  owner: ADMIN_PRODUCT,
  marketer: ADMIN_PRODUCT,
  buyer: 'Buying desk',
  viewer: 'Read-only overview',
};

/**
 * The business's mark (the site's watch symbol in its gold ring) with its name and the product's:
 * the admin is this business's tool, not a generic console.
 */
export function AdminBrand({
  size = 'md',
  product = ADMIN_PRODUCT,
}: {
  size?: 'sm' | 'md';
  product?: string;
}) {
  const ring = size === 'sm' ? 32 : 44;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="admin-brand">
      <Box
        aria-hidden="true"
        w={ring}
        h={ring}
        style={{
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          borderRadius: '50%',
          border: '1.5px solid var(--mantine-color-gold-4)',
          color: 'var(--mantine-color-gold-7)',
          background: 'var(--mantine-color-gold-0)',
        }}
      >
        <Icon name="watch" size={size === 'sm' ? 18 : 24} />
      </Box>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size={size === 'sm' ? 'md' : 'lg'} lh={1.2} truncate>
          {site.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2} truncate>
          {product}
        </Text>
      </Stack>
    </Group>
  );
}
