import type { RawBuilder } from 'kysely';
import type { SegmentSnapshot } from '#shared/segments/schema.ts';
import { audienceSegment } from './audience.ts';
import type { DbTransaction } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { segmentAudience } from '../segments/entry.ts';

/**
 * When a segment campaign starts sending (Send Now or its scheduled time): the segment as it is
 * now, to be copied onto the campaign, and the SQL that selects its audience for the snapshot,
 * both from the same read inside the starting transaction (decision 032).
 */
export async function segmentAtStart(
  trx: DbTransaction,
  segmentId: string,
): Promise<{ snapshot: SegmentSnapshot; audience: RawBuilder<boolean> }> {
  const segment = await audienceSegment(trx, segmentId);
  const timezone = await getSettingsTimezone(trx);
  return {
    snapshot: { id: segment.id, name: segment.name, ...segment.definition },
    audience: segmentAudience(segment.definition, timezone),
  };
}
