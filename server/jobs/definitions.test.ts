import { describe, expect, it } from 'vitest';
import { jobDefinitions, scheduledJobs } from './definitions.ts';

describe('scheduled jobs', () => {
  it('lists the jobs that declare a cron, with an empty payload their schema accepts', () => {
    expect(scheduledJobs).toContainEqual({ name: 'uploads.cleanup', cron: '17 * * * *' });
    expect(scheduledJobs).toContainEqual({ name: 'housekeeping.prune', cron: '7 * * * *' });
    // Every minute; new runs also queue it at once (decision 065).
    expect(scheduledJobs).toContainEqual({ name: 'automations.tick', cron: '* * * * *' });
    for (const { name } of scheduledJobs)
      expect(jobDefinitions[name].payload.safeParse({}).success).toBe(true);
    expect(scheduledJobs.map((j) => j.name)).not.toContain('email.send');
  });
});
