import { createFileRoute } from '@tanstack/react-router';
import { readText } from '#shared/url-search.ts';
import { ResetPasswordPage, type ResetPasswordSearch } from '../../admin/auth/ResetPasswordPage.tsx';

export const Route = createFileRoute('/admin/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    token: readText(search.token, 200),
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return <ResetPasswordPage search={Route.useSearch()} />;
}
