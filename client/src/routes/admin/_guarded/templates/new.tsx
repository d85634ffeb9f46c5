import { createFileRoute } from '@tanstack/react-router';
import { TemplateFormPage } from '../../../../templates/TemplateFormPage.tsx';

export const Route = createFileRoute('/admin/_guarded/templates/new')({
  component: () => <TemplateFormPage />,
});
