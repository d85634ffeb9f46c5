import { createFileRoute } from '@tanstack/react-router';
import { safeReturnTo } from '#shared/auth/return-to.ts';
import { LoginPage, type LoginSearch } from '../../admin/auth/LoginPage.tsx';

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    returnTo: safeReturnTo(search.returnTo) ?? undefined,
    verify: search.verify === 'success' || search.verify === 'invalid' ? search.verify : undefined,
  }),
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginPage search={Route.useSearch()} />;
}
