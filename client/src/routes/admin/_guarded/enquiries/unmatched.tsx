import { createFileRoute } from '@tanstack/react-router';
import { UnmatchedMailPage } from '#client/src/admin/enquiries/UnmatchedMailPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/unmatched')({ component: UnmatchedMailPage });
