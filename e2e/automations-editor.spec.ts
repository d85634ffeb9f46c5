import { enterFlow } from '../server/automations/enter.ts';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin, toast } from './support/admin.ts';
import { E2E_MEMBERS } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 066: a Marketer builds a flow with a wait and a branch on a phone, saves version 1,
// switches it on, edits it live (version 2), tries it on one contact and reads its insight. Each
// view has no serious or critical axe violation.
const run = Date.now().toString(36);
const marketer = E2E_MEMBERS.marketer.email;
const flowName = `Welcome flow ${run}`;
const first = `Welcome (1/2) ${run}`;
const second = `Welcome (2/2) ${run}`;
const contactEmail = `flow-contact-${run}@e2e.test`;
const viewerFlowName = `Read-only flow ${run}`;
let contactId = '';

test.beforeAll(async () => {
  const db = e2eDatabase();
  await db
    .insertInto('email_templates')
    .values(
      [first, second].map((name) => ({
        template_name: name,
        subject: name,
        html_content: '<p>Hello {{first_name}}</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
        template_type: 'marketing' as const,
      })),
    )
    .execute();
  // A flow for the Viewer's test, so it does not depend on the Marketer's.
  const readOnlyFlow = await db
    .insertInto('automation_flows')
    .values({ name: viewerFlowName })
    .returning('id')
    .executeTakeFirstOrThrow();
  const firstTemplate = await db
    .selectFrom('email_templates')
    .select('id')
    .where('template_name', '=', first)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('automation_flow_versions')
    .values({
      flow_id: readOnlyFlow.id,
      version: 1,
      definition: JSON.stringify({
        name: viewerFlowName,
        description: '',
        trigger: { type: 'consent_confirmed' },
        reentry: 'once',
        respectQuietHours: true,
        steps: [
          { id: 'send-1', type: 'send', templateId: firstTemplate.id, template: 'marketing' },
          {
            id: 'branch-1',
            type: 'branch',
            condition: { type: 'opened_previous' },
            then: [{ id: 'wait-1', type: 'wait', days: 1, hours: 0, minutes: 0 }],
            otherwise: [{ id: 'exit-1', type: 'exit' }],
          },
        ],
      }),
    })
    .execute();
  contactId = (
    await db
      .insertInto('leads')
      .values({ email: contactEmail, full_name: 'Flow Tester', email_marketing_consent: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

async function expectAxeClean(page: Page) {
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')).toHaveCount(0);
  // The page's own content: a toast's close button (app-wide, unnamed) is not this screen's.
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
}

async function addStep(page: Page, list: string, type: string) {
  await page.getByRole('button', { name: `Add step: ${list}` }).click();
  // A menu closed a moment ago may still be leaving the page: pick from the one just opened.
  await page
    .getByRole('menu', { name: `Add step: ${list}`, exact: true })
    .getByRole('menuitem', { name: type, exact: true })
    .click();
}

async function chooseTemplate(page: Page, step: RegExp, template: string) {
  await page
    .getByRole('listitem', { name: step })
    .getByRole('combobox', { name: 'Template', exact: true })
    .first()
    .click();
  await page.getByRole('option', { name: template }).click();
}

// The Marketer's flow is left on; later specs confirm consent too and should not enter it.
test.afterAll(async () => {
  await e2eDatabase()
    .updateTable('automation_flows')
    .set({ state: 'off' })
    .where('name', '=', flowName)
    .execute();
});

test('a Marketer builds, saves, edits live, test-runs and reads a flow on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, { role: 'marketer', at: '/admin/automations' });
  await expect(page.getByRole('heading', { level: 1, name: 'Automations' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'New flow' }).click();
  await expect(page).toHaveURL(/\/admin\/automations\/new$/);

  await page.getByRole('textbox', { name: 'Name' }).fill(flowName);
  await addStep(page, 'Steps', 'Send an e-mail');
  await chooseTemplate(page, /^1\. Send an e-mail/, first);
  await addStep(page, 'Steps', 'Wait');
  await page
    .getByRole('listitem', { name: /^2\. Wait/ })
    .getByRole('textbox', { name: 'Days' })
    .fill('2');
  await addStep(page, 'Steps', 'If / else');
  await addStep(page, 'If yes of step branch-1', 'Send an e-mail');
  await chooseTemplate(page, /^1\. Send an e-mail: Send an e-mail \(no template chosen yet\)/, second);
  await addStep(page, 'If no of step branch-1', 'Exit');
  await expect(page.getByTestId('branch-1-then').getByRole('listitem')).toHaveCount(1);
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'Create flow' }).click();
  await expect(toast(page, 'Flow created (version 1)')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/automations\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('flow-version')).toContainText(`Version 1 · saved by ${marketer}`);

  // Switched on, then edited while live: a second version, the first kept.
  await page.getByRole('button', { name: 'Switch on' }).click();
  await expect(page.getByRole('dialog')).toContainText('starts for each contact from the next time');
  await page.getByRole('dialog').getByRole('button', { name: 'Switch on' }).click();
  await expect(toast(page, 'Flow live')).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Greets a new subscriber');
  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(toast(page, 'Version 2 saved')).toBeVisible();
  await expect(page.getByTestId('flow-version')).toContainText('Version 2 · saved by');

  // A contact entered the live flow: the insight shows them at its first step.
  const flowId = page.url().split('/').pop()!;
  await enterFlow(e2eDatabase(), { flowId, contactId, occurrence: '' });

  await page.getByRole('tab', { name: 'Test run' }).click();
  await page.getByRole('combobox', { name: 'Contact' }).fill(contactEmail);
  await page.getByRole('option', { name: `Flow Tester <${contactEmail}>` }).click();
  await page.getByRole('button', { name: 'Run test' }).click();
  const timeline = page.getByRole('list', { name: 'Test run timeline' });
  await expect(timeline.getByRole('listitem').nth(0)).toContainText(`Send “${first}”`);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Wait 2 d 0 h 0 min');
  await expect(timeline.getByRole('listitem').nth(2)).toContainText('Opened the previous e-mail? Yes');
  await expect(timeline.getByRole('listitem').nth(3)).toContainText(`Send “${second}”`);
  await expect(timeline.getByRole('listitem').nth(0)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d\d:\d\d — /,
  );
  await expectAxeClean(page);

  // The contact entered version 2: one at its first step there, none in version 1.
  await page.getByRole('tab', { name: 'Insight' }).click();
  const firstRow = page.getByTestId('flow-insight').getByRole('row').nth(1);
  await expect(firstRow).toContainText(`Send “${first}”`);
  await expect(firstRow.getByRole('cell').nth(1)).toHaveText('1');
  await expectAxeClean(page);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await page.getByRole('button', { name: 'View version 1' }).click();
  await expect(page.getByText('You are reading version 1, which cannot be edited.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save as a new version' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Insight' }).click();
  await expect(firstRow.getByRole('cell').nth(1)).toHaveText('0');

  // The contact's page lists the run.
  await page.goto(`/admin/contacts/${contactId}`);
  await expect(page.getByTestId('contact-flows')).toContainText(flowName);
  await expect(page.getByTestId('contact-flows')).toContainText('version 2');
});

test('a Viewer reads a flow without save or switch buttons', async ({ page }) => {
  await signInAsAdmin(page, { role: 'viewer', at: '/admin/automations' });
  await expect(page.getByRole('link', { name: 'New flow' })).toHaveCount(0);
  await page.getByRole('link', { name: viewerFlowName }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
  await expect(page.getByTestId('branch-1-then').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Save|Switch|Add step/ })).toHaveCount(0);
  await expectAxeClean(page);
});
