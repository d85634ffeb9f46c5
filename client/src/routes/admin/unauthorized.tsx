import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '../../admin/auth/UnauthorizedPage.tsx';

export const Route = createFileRoute('/admin/unauthorized')({
  component: UnauthorizedPage,
});
