import { createFileRoute } from '@tanstack/react-router';
import { UnmatchedMailPage } from '../../../../admin/enquiries/UnmatchedMailPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/unmatched')({ component: UnmatchedMailPage });
