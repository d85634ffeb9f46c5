import { createFileRoute } from '@tanstack/react-router';
import { HeldStockPage } from '#client/src/admin/register/HeldStockPage.tsx';

export const Route = createFileRoute('/admin/_guarded/register/held')({ component: HeldStockPage });
