import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../admin/account/AccountPage.tsx';

export const Route = createFileRoute('/admin/_guarded/account')({
  component: AccountPage,
});
