import { createFileRoute } from '@tanstack/react-router';
import { TodayPage } from '#client/src/admin/enquiries/TodayPage.tsx';

export const Route = createFileRoute('/admin/_guarded/enquiries/today')({ component: TodayPage });
