import { describe, expect, it } from 'vitest';
import { useBoss } from '#test/support/boss.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { jobDefinitions, jobNames } from './definitions.ts';
import { ensureQueues } from './queue.ts';

describe('ensureQueues', () => {
  const t = useTestDatabase();
  const bossOf = useBoss(t);

  it('creates missing queues, brings older ones to the definitions and reports a policy it cannot change', async () => {
    const boss = bossOf();
    // As an earlier release left them: email.send with other retries and expiry, campaign.send
    // without its policy and heartbeat, enquiry.notify missing.
    for (const name of ['email.send', 'campaign.send', 'enquiry.notify'] as const)
      await boss.deleteQueue(name);
    await boss.createQueue('email.send', { retryLimit: 2, retryDelay: 1, expireInSeconds: 60 });
    await boss.createQueue('campaign.send', { retryLimit: 8 });

    const drifts = await ensureQueues(boss);

    expect(drifts.map((d) => d.name).sort()).toEqual(['campaign.send', 'email.send']);
    const email = drifts.find((d) => d.name === 'email.send');
    expect(email?.policy).toBeNull();
    expect(email?.updated).toEqual(
      expect.arrayContaining(['retryLimit: 2 -> 8', 'retryDelay: 1 -> 5', 'expireInSeconds: 60 -> 120']),
    );
    const campaign = drifts.find((d) => d.name === 'campaign.send');
    expect(campaign?.policy).toEqual({ current: 'standard', defined: 'stately' });
    expect(campaign?.updated).toContain('heartbeatSeconds: null -> 10');

    for (const name of jobNames) {
      const queue = await boss.getQueue(name);
      const { policy: _policy, ...options } = jobDefinitions[name].queue as Record<string, unknown>;
      expect(queue, name).toMatchObject(options);
    }

    // One option out of date whose check depends on another (retryDelayMax needs retryBackoff).
    await boss.deleteQueue('enquiry.notify');
    await boss.createQueue('enquiry.notify', {
      ...jobDefinitions['enquiry.notify'].queue,
      retryDelayMax: 60,
    });
    const one = await ensureQueues(boss);
    expect(one.find((d) => d.name === 'enquiry.notify')?.updated).toEqual(['retryDelayMax: 60 -> 600']);

    // Up to date now, except the policy, which stays reported.
    const again = await ensureQueues(boss);
    expect(again).toEqual([
      { name: 'campaign.send', updated: [], policy: { current: 'standard', defined: 'stately' } },
    ]);
  });
});
