import { createFileRoute } from '@tanstack/react-router';
import { SegmentEditorPage } from '#client/src/admin/segments/SegmentEditorPage.tsx';

// `new` opens an empty editor; any other value is a segment's id.
export const Route = createFileRoute('/admin/_guarded/contacts/segments/$id')({
  component: SegmentEditorRoute,
});

function SegmentEditorRoute() {
  const { id } = Route.useParams();
  return <SegmentEditorPage id={id === 'new' ? null : id} />;
}
