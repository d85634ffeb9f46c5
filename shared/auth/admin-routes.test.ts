import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ACCESS } from '#test/support/admin-route-access.ts';
import {
  ADMIN_ROUTE_PERMISSIONS,
  adminRouteFor,
  canOpenAdminPath,
  landingFor,
  ROLE_HOMES,
} from './admin-routes.ts';
import { ROLES } from './permissions.ts';

describe('the admin route table', () => {
  it('matches real paths to their router path, a literal segment before a parameter', () => {
    expect(adminRouteFor('/admin/campaigns/')).toBe('/admin/campaigns');
    expect(adminRouteFor('/admin/campaigns/new')).toBe('/admin/campaigns/new');
    expect(adminRouteFor('/admin/campaigns/3f1c/edit?x=1')).toBe('/admin/campaigns/$id/edit');
    expect(adminRouteFor('/admin/contacts/import')).toBe('/admin/contacts/import');
    expect(adminRouteFor('/admin/contacts/3f1c')).toBe('/admin/contacts/$id');
    expect(adminRouteFor('/admin/nowhere/at/all')).toBeUndefined();
  });

  // The hand-written table (decision 080), route by route and role by role: a line that differs
  // here from the router's table fails, whichever of the two drifted. A real id opens the same.
  it.each(Object.entries(ADMIN_ROUTE_ACCESS))('%s opens to %j', (route, roles) => {
    expect(ROLES.filter((role) => canOpenAdminPath(role, route))).toEqual(roles);
    const real = route.replace(/\$[A-Za-z]+/g, '3f1c0d2e-0000-4000-8000-000000000001');
    expect(ROLES.filter((role) => canOpenAdminPath(role, real))).toEqual(roles);
  });

  it('has a hand-written line for every route of the router’s table, and no other', () => {
    expect(Object.keys(ADMIN_ROUTE_ACCESS).sort()).toEqual(Object.keys(ADMIN_ROUTE_PERMISSIONS).sort());
  });

  it('refuses an unknown path and a member without a role', () => {
    expect(canOpenAdminPath('owner', '/admin/nowhere')).toBe(false);
    expect(canOpenAdminPath(null, '/admin/dashboard')).toBe(false);
  });

  it('lands each role on its home, or on returnTo when the role may open it', () => {
    expect(ROLE_HOMES).toEqual({
      owner: '/admin/dashboard',
      marketer: '/admin/campaigns',
      buyer: '/admin/enquiries',
      viewer: '/admin/dashboard',
    });
    for (const role of ROLES) expect(canOpenAdminPath(role, ROLE_HOMES[role])).toBe(true);
    expect(landingFor('buyer', '/admin/enquiries?awaiting=true')).toBe('/admin/enquiries?awaiting=true');
    expect(landingFor('buyer', '/admin/campaigns')).toBe('/admin/enquiries');
    expect(landingFor('marketer', undefined)).toBe('/admin/campaigns');
    expect(landingFor('marketer', '/admin')).toBe('/admin/campaigns');
  });
});
