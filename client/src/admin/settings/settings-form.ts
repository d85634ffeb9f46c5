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

/** The form as the hook returns it (values, rules and all), for the parts that take it. */
export type SettingsForm = ReturnType<typeof useSettingsForm>;
