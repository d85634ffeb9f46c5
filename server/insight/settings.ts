import type { InsightSettings } from '#shared/insight/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { ATTRIBUTION_WINDOW_DEFAULT_DAYS } from './touches.ts';

// The reports' two settings (decision 096), on the single settings row (decision 005).

export async function getInsightSettings(db: DbExecutor): Promise<InsightSettings> {
  const row = await db
    .selectFrom('settings')
    .select(['attribution_window_days', 'marketers_see_prices'])
    .executeTakeFirst();
  return {
    attributionWindowDays: row?.attribution_window_days ?? ATTRIBUTION_WINDOW_DEFAULT_DAYS,
    marketersSeePrices: row?.marketers_see_prices ?? false,
  };
}

export async function updateInsightSettings(db: DbExecutor, values: InsightSettings): Promise<void> {
  await db
    .updateTable('settings')
    .set({
      attribution_window_days: values.attributionWindowDays,
      marketers_see_prices: values.marketersSeePrices,
      updated_at: new Date(),
    })
    .execute();
}
