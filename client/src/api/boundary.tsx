import { type ReactNode, useSyncExternalStore } from 'react';
import { CERTIFICATE_VERIFY_PATH } from '#shared/content/routes.ts';

/*
 * tRPC and React Query are needed only by pages that call the API (the sell form, the
 * marketing-preferences page and the admin area). Their providers live in a separate chunk that is
 * loaded before such a page renders (the root route's beforeLoad), so landing pages and articles
 * never download them.
 */

/** Wraps a subtree in the API providers (see ApiProviders.tsx). */
type Provider = (children: ReactNode) => ReactNode;

let ApiProviders: Provider | null = null;
const listeners = new Set<() => void>();

function setProviders(providers: Provider): void {
  ApiProviders = providers;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Provider | null {
  return ApiProviders;
}

export function pathNeedsApi(pathname: string): boolean {
  return (
    pathname === '/sell' ||
    pathname === '/unsubscribe' ||
    pathname === '/confirm-subscription' ||
    pathname === CERTIFICATE_VERIFY_PATH ||
    pathname.startsWith('/enquiry/') ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/')
  );
}

/** Registers the providers without loading them lazily (the prerenderer bundles everything). */
export function provideApi(providers: Provider): void {
  setProviders(providers);
}

export async function loadApiProviders(): Promise<void> {
  if (ApiProviders) return;
  const module = await import('./ApiProviders.tsx');
  setProviders(module.withApiProviders);
}

export function ApiBoundary({ pathname, children }: { pathname: string; children: ReactNode }) {
  // A subscription, because the providers usually arrive while this component is already on screen.
  const wrap = useSyncExternalStore(subscribe, snapshot, snapshot);
  return wrap && pathNeedsApi(pathname) ? wrap(children) : children;
}
