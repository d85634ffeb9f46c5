import { createFileRoute } from '@tanstack/react-router';
import { CompliancePage } from '../../../../admin/register/CompliancePage.tsx';

export const Route = createFileRoute('/admin/_guarded/register/compliance')({ component: CompliancePage });
