import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../admin/auth/ForgotPasswordPage.tsx';

export const Route = createFileRoute('/admin/forgot-password')({
  component: ForgotPasswordPage,
});
