import { createFileRoute } from '@tanstack/react-router';
import { readText } from '#shared/url-search.ts';
import { InvitePage, type InviteSearch } from '../../admin/auth/InvitePage.tsx';

export const Route = createFileRoute('/admin/invite')({
  validateSearch: (search: Record<string, unknown>): InviteSearch => ({
    token: readText(search.token, 200),
  }),
  component: InviteRoute,
});

function InviteRoute() {
  return <InvitePage search={Route.useSearch()} />;
}
