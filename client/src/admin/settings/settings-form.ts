import { useForm } from '@mantine/form';
import { type SettingsInput, settingsInputSchema, type SettingsView } from '#shared/settings/schemas.ts';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';

/** The settings form: the shared schema's rules and messages, each field checked as it is left. */
export function useSettingsForm(view: SettingsView) {
  return useForm<SettingsInput>({
    mode: 'controlled',
    initialValues: view.values,
    validate: zod4Resolver(settingsInputSchema, { errorPriority: 'first' }),
    validateInputOnBlur: true,
  });
}

// @mantine/form's ESM typings cannot be followed under `nodenext` (see widgets/zod-form-resolver.ts).
export type SettingsForm = ReturnType<typeof useSettingsForm>;
