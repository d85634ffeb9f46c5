import { createFileRoute } from '@tanstack/react-router';
import { AuditLogPage } from '../../../audit/AuditLogPage.tsx';

export const Route = createFileRoute('/admin/_guarded/audit')({
  component: AuditLogPage,
});
