import { createFileRoute } from '@tanstack/react-router';
import { SegmentsPage } from '#client/src/admin/segments/SegmentsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/contacts/segments/')({
  component: SegmentsPage,
});
