import { createFileRoute } from '@tanstack/react-router';
import { TemplatesListPage } from '../../../../templates/TemplatesListPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/')({
  component: TemplatesListPage,
});
