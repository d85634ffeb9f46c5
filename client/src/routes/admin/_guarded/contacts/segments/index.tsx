import { createFileRoute } from '@tanstack/react-router';
import { SegmentsPage } from '../../../../../admin/segments/SegmentsPage.tsx';

export const Route = createFileRoute('/admin/_guarded/contacts/segments/')({
  component: SegmentsPage,
});
