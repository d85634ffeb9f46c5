import { rolesWith } from '#shared/auth/permissions.ts';
import { localDate } from '#shared/time/zones.ts';
import {
  type PurchaseRules,
  REGISTER_RETENTION_DEFAULT_YEARS,
  type RegisterSettings,
  type RegisterSettingsView,
} from '#shared/register/schemas.ts';
import { retentionYears } from '#shared/register/retention.ts';
import { type AuState, DEFAULT_STATE, STATE_RULES } from '#shared/register/states.ts';
import type { DbExecutor } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';

// The register's settings (decision 058): the business's state, the AML setting and the years an
// entry is kept (decision 071), with the state's rules the purchase form and checks follow.

export async function getRegisterSettings(db: DbExecutor): Promise<RegisterSettings> {
  const row = await db
    .selectFrom('settings')
    .select(['register_state', 'aml_cdd_enabled', 'register_retention_years'])
    .executeTakeFirst();
  return {
    state: (row?.register_state as AuState | undefined) ?? DEFAULT_STATE,
    amlCddEnabled: row?.aml_cdd_enabled ?? false,
    retentionYears: row?.register_retention_years ?? REGISTER_RETENTION_DEFAULT_YEARS,
  };
}

/** The years a purchase made today is kept: its state's or the settings', the longer (decision 071). */
export async function registerRetentionYears(db: DbExecutor): Promise<number> {
  const settings = await getRegisterSettings(db);
  return retentionYears(settings.state, settings.retentionYears);
}

export async function saveRegisterSettings(db: DbExecutor, input: RegisterSettings): Promise<void> {
  await db
    .updateTable('settings')
    .set({
      register_state: input.state,
      aml_cdd_enabled: input.amlCddEnabled,
      register_retention_years: input.retentionYears,
    })
    .execute();
}

/** Team members who may check identity and take goods: those who record purchases. */
export async function registerMembers(
  db: DbExecutor,
): Promise<Array<{ id: string; email: string; name: string | null }>> {
  return (
    db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      // By name in the pickers, the address for a member without one (decision 095).
      .select(['users.id', 'users.email', 'users.name'])
      .where('user_roles.role', 'in', rolesWith('enquiries.write'))
      .orderBy('users.email')
      .execute()
  );
}

export async function registerSettingsView(db: DbExecutor): Promise<RegisterSettingsView> {
  const settings = await getRegisterSettings(db);
  const rule = STATE_RULES[settings.state];
  return {
    ...settings,
    stateName: rule.name,
    acceptedDocuments: [...rule.acceptedDocuments],
    holdPeriod: rule.holdPeriod,
    source: rule.source,
    confirm: rule.confirm,
    members: await registerMembers(db),
    today: localDate(new Date(), await getSettingsTimezone(db)),
  };
}

export async function purchaseRules(db: DbExecutor): Promise<PurchaseRules> {
  const settings = await getRegisterSettings(db);
  const rule = STATE_RULES[settings.state];
  return {
    state: settings.state,
    stateName: rule.name,
    acceptedDocuments: rule.acceptedDocuments,
    today: localDate(new Date(), await getSettingsTimezone(db)),
    amlCddEnabled: settings.amlCddEnabled,
  };
}
