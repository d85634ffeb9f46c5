import { type ComboboxItem, type SelectProps, Stack, Text } from '@mantine/core';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, roleSchema } from '#shared/auth/permissions.ts';

/**
 * What every role picker on the Team page (member, invitation, access request) shares: the four
 * roles, each option with its one-line description from the permission table (decision 027), so
 * the Owner sees what a role may do while choosing it.
 */
export const ROLE_PICKER_PROPS = {
  data: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  renderOption: ({ option }: { option: ComboboxItem }) => {
    const role = roleSchema.safeParse(option.value);
    return (
      <Stack gap={0}>
        <Text size="sm">{option.label}</Text>
        {role.success && (
          <Text size="xs" c="dimmed">
            {ROLE_DESCRIPTIONS[role.data]}
          </Text>
        )}
      </Stack>
    );
  },
  comboboxProps: { width: 340, position: 'bottom-start' },
  allowDeselect: false,
} satisfies Partial<SelectProps>;
