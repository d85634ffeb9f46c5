import { createFileRoute } from '@tanstack/react-router';
import { CompliancePage } from '#client/src/admin/register/CompliancePage.tsx';

export const Route = createFileRoute('/admin/_guarded/register/compliance')({ component: CompliancePage });
