import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '#client/src/admin/register/RegisterPage.tsx';

export const Route = createFileRoute('/admin/_guarded/register/')({ component: RegisterPage });
