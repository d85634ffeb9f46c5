import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';

describe('tRPC end to end (createCaller)', () => {
  const t = useTestDatabase();
  const admin = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'admin@example.com',
    role: 'owner' as const,
  };
  const member = {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'member@example.com',
    role: null,
  };

  it('answers the public health query with the transport in use', async () => {
    const result = await callerFor(testServices(t.db)).system.health();
    expect(result).toMatchObject({ status: 'ok', emailTransport: 'outbox' });
  });

  it('lets only admins read the outbox', async () => {
    const services = testServices(t.db);
    await services.email.send({
      from: 'a@example.com',
      to: ['seller@example.com'],
      subject: 'Outbox entry',
      html: '<p>x</p>',
    });
    await expect(callerFor(services).admin.outbox.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(services, member).admin.outbox.list({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const list = await callerFor(services, admin).admin.outbox.list({ search: 'SELLER@' });
    expect(list).toMatchObject({ totalCount: 1, totalPages: 1, transport: 'outbox' });
    expect(list.rows[0]).toMatchObject({ to: ['seller@example.com'], subject: 'Outbox entry' });
    const detail = await callerFor(services, admin).admin.outbox.get({ id: list.rows[0]?.id ?? '' });
    expect(detail.html).toBe('<p>x</p>');
  });

  it('rejects bad input with BAD_REQUEST and a missing e-mail with NOT_FOUND', async () => {
    const caller = callerFor(testServices(t.db), admin);
    await expect(caller.admin.outbox.list({ page: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.admin.outbox.get({ id: 'not-a-uuid' })).rejects.toBeInstanceOf(TRPCError);
    await expect(
      caller.admin.outbox.get({ id: '00000000-0000-4000-8000-00000000ffff' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
