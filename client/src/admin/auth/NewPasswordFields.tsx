import { PasswordInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import {
  confirmationError,
  newPasswordError,
  newPasswordStrengthError,
  usePasswordEstimator,
} from '../account/password-rules.ts';

/** A new password typed twice: the invitation's and the reset link's form (decision 046). */
interface NewPasswordValues {
  password: string;
  confirm: string;
}

type NewPasswordForm = UseFormReturnType<NewPasswordValues>;

/**
 * The form of a new password: the policy's rules on each field, the strength estimator loaded
 * while the page can be used (`enabled`), and `strongEnough`, the estimator's check on submit,
 * which marks the password field when it refuses.
 */
export function useNewPasswordForm(enabled: boolean): {
  form: NewPasswordForm;
  strongEnough: (password: string, email: string) => Promise<boolean>;
} {
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: newPasswordError,
      confirm: (value, values) => confirmationError(value, values.password),
    },
  });
  usePasswordEstimator(enabled);
  const strongEnough = async (password: string, email: string) => {
    const weak = await newPasswordStrengthError(password, email);
    if (weak) form.setFieldError('password', weak);
    return weak === null;
  };
  return { form, strongEnough };
}

/** The two fields, labelled by the page ("Password" to join, "New password" to reset). */
export function NewPasswordFields({
  form,
  passwordLabel,
  confirmLabel,
}: {
  form: NewPasswordForm;
  passwordLabel: string;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        autoComplete="new-password"
        description={AUTH_MESSAGES.newPasswordHint}
        required
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirm')}
      />
    </>
  );
}
