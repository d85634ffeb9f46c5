import { z } from 'zod';

/** The backup file's layout version (decision 085); a restore refuses any other. */
export const BACKUP_FORMAT = 1;

/** The first frame of a backup file, checked before a restore touches anything. */
export const manifestSchema = z.object({
  kind: z.literal('manifest'),
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** The last migration applied to the backed-up database. */
  migration: z.string().min(1),
  pgbossVersion: z.number().int().nullable(),
  fingerprints: z.object({ appSecret: z.string(), registerKey: z.string() }),
  registerKeyConfigured: z.boolean(),
  tables: z.array(z.object({ schema: z.string(), name: z.string(), columns: z.array(z.string()).min(1) })),
  sequences: z.array(
    z.object({ schema: z.string(), name: z.string(), lastValue: z.string(), isCalled: z.boolean() }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
