import { describe, expect, it } from 'vitest';
import { adminRouteFor, canOpenAdminPath, landingFor, ROLE_HOMES } from './admin-routes.ts';
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

  // Spelled out by hand: which role opens which page (decision 027).
  const EXPECTED: Record<string, readonly string[]> = {
    '/admin/account': ['owner', 'marketer', 'buyer', 'viewer'],
    '/admin/dashboard': ['owner', 'marketer', 'buyer', 'viewer'],
    '/admin/campaigns': ['owner', 'marketer', 'viewer'],
    '/admin/campaigns/new': ['owner', 'marketer'],
    '/admin/templates': ['owner', 'marketer', 'buyer', 'viewer'],
    '/admin/templates/new': ['owner', 'marketer', 'buyer'],
    '/admin/enquiries/1': ['owner', 'buyer', 'viewer'],
    '/admin/contacts': ['owner', 'marketer', 'buyer', 'viewer'],
    '/admin/contacts/import': ['owner', 'marketer'],
    '/admin/contacts/segments': ['owner', 'marketer', 'viewer'],
    '/admin/unsubscribes': ['owner', 'marketer', 'viewer'],
    '/admin/settings': ['owner'],
    '/admin/team': ['owner'],
    '/admin/audit': ['owner'],
    '/admin/outbox': ['owner', 'marketer'],
  };
  it.each(Object.entries(EXPECTED))('%s opens to %j', (path, roles) => {
    expect(ROLES.filter((role) => canOpenAdminPath(role, path))).toEqual(roles);
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
