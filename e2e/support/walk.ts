import type { Locator } from '@playwright/test';
import { expect, type Page } from './test.ts';

// The every-route walk's moves (decision 099, amending 056 and 090): a page reached through the
// router's own history, as a click on a link would, so one document (and one axe in it) serves a
// role's whole walk; then each dialog its buttons open and each form sent empty, every state
// handed to `check` (axe) as the reader sees it.

/** The page's own headings (h1 and h2 in the main region): they change with every route. */
function headingsOf(): string {
  const main = document.querySelector('main') ?? document.body;
  return Array.from(main.querySelectorAll('h1, h2'))
    .map((heading) => heading.textContent)
    .join(' | ');
}

/**
 * Moves the app to `path` through the router's history: TanStack's browser history wraps
 * `history.pushState` and tells the router, which renders the route without a page load. Returns
 * once the main region's headings differ from the last page's, so a check never reads the page
 * left behind (two refused pages in a row both show the role message).
 */
export async function routeTo(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return;
  const before = await page.evaluate(headingsOf);
  await page.evaluate((to) => {
    const state = window.history.state as { __TSR_index?: number } | null;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ __TSR_index: (state?.__TSR_index ?? 0) + 1, key, __TSR_key: key }, '', to);
  }, path);
  await page.waitForFunction(
    (last) => {
      const main = document.querySelector('main') ?? document.body;
      const now = Array.from(main.querySelectorAll('h1, h2'))
        .map((heading) => heading.textContent)
        .join(' | ');
      return now !== last;
    },
    before,
    { timeout: 30_000 },
  );
}

/** What one page's dialogs and forms came to, as readable names. */
export interface Opened {
  dialogs: string[];
  sentEmpty: string[];
  /** Triggers and forms passed over, with why: disabled, or a form already filled in. */
  skipped: string[];
}

type Check = (label: string) => Promise<void>;

const DIALOGS = '[role="dialog"]:visible, [role="alertdialog"]:visible';
/** Mantine shows a field's error here; a form-level error is an alert. */
const INVALID = '[aria-invalid="true"], .mantine-InputWrapper-error, [role="alert"]';

async function nameOf(element: Locator): Promise<string> {
  const label = (await element.getAttribute('aria-label')) ?? (await element.getAttribute('title'));
  return (label ?? (await element.innerText())).trim().replace(/\s+/g, ' ');
}

/**
 * Required fields of a form (a `required` or `aria-required` control, or one whose Mantine label
 * shows the asterisk) and how many of them hold a value.
 */
async function requiredFields(form: Locator): Promise<{ required: number; filled: number }> {
  return form.evaluate((element) => {
    const controls = Array.from(element.querySelectorAll<HTMLInputElement>('input, textarea, select')).filter(
      (control) => control.type !== 'hidden' && control.getClientRects().length > 0,
    );
    const required = controls.filter(
      (control) =>
        control.required ||
        control.getAttribute('aria-required') === 'true' ||
        control.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required') !=
          null,
    );
    const filled = required.filter((control) =>
      control.type === 'checkbox' || control.type === 'radio' ? control.checked : control.value !== '',
    );
    return { required: required.length, filled: filled.length };
  });
}

/**
 * Sends `form` empty when it has a required field and none of them holds a value: its validation
 * must then show an error and keep it from acting (nothing is created or sent). A form already
 * filled in (an edit, a test e-mail to the member's own address) is never sent.
 */
async function sendEmpty(form: Locator, label: string, opened: Opened, check: Check): Promise<void> {
  const { required, filled } = await requiredFields(form);
  if (required === 0) return;
  const submit = form.locator('button[type="submit"]:visible').last();
  if (filled > 0) {
    opened.skipped.push(`${label}: filled in (${filled} of ${required} required)`);
    return;
  }
  if ((await submit.count()) === 0 || (await submit.isDisabled())) {
    opened.skipped.push(`${label}: no enabled send button`);
    return;
  }
  await submit.click();
  await expect(form.locator(INVALID).first(), `${label}: sent empty shows an error`).toBeVisible();
  opened.sentEmpty.push(label);
  await check(`${label} sent empty`);
}

/** Closes the top dialog with Escape, or its Cancel or Close button when Escape is not taken. */
async function closeDialog(page: Page, dialog: Locator, before: number, label: string): Promise<void> {
  const dialogs = page.locator(DIALOGS);
  await page.keyboard.press('Escape');
  try {
    await expect(dialogs).toHaveCount(before, { timeout: 3_000 });
  } catch {
    await dialog
      .getByRole('button', { name: /^(cancel|close|keep)/i })
      .first()
      .click();
    await expect(dialogs, `${label}: closed`).toHaveCount(before);
  }
}

/**
 * Opens each dialog the main region's buttons announce (`aria-haspopup="dialog"`, decision 090),
 * checks it, sends its form empty when it has one, and closes it without confirming anything: a
 * dialog that would delete or send is only looked at. Disabled triggers are passed over (a draft
 * with no audience cannot be sent). Then the page's own forms are sent empty.
 */
export async function openEverything(page: Page, label: string, check: Check): Promise<Opened> {
  const opened: Opened = { dialogs: [], sentEmpty: [], skipped: [] };
  const triggers = page.locator('main [aria-haspopup="dialog"]');
  const count = await triggers.count();
  for (let index = 0; index < count; index += 1) {
    const trigger = triggers.nth(index);
    if (!(await trigger.isVisible())) continue;
    const name = await nameOf(trigger);
    const dialogLabel = `${label} › dialog “${name}”`;
    if ((await trigger.isDisabled()) || (await trigger.getAttribute('aria-disabled')) === 'true') {
      opened.skipped.push(`${dialogLabel}: disabled`);
      continue;
    }
    const dialogs = page.locator(DIALOGS);
    const before = await dialogs.count();
    await trigger.click();
    await expect(dialogs, `${dialogLabel}: opens`).toHaveCount(before + 1);
    const dialog = dialogs.last();
    opened.dialogs.push(dialogLabel);
    await check(dialogLabel);
    const form = dialog.locator('form');
    if ((await form.count()) > 0) await sendEmpty(form.first(), dialogLabel, opened, check);
    await closeDialog(page, dialog, before, dialogLabel);
  }
  const forms = page.locator('main form:visible');
  const formCount = await forms.count();
  for (let index = 0; index < formCount; index += 1) {
    const form = forms.nth(index);
    const name = (await form.getAttribute('aria-label')) ?? `form ${index + 1}`;
    await sendEmpty(form, `${label} › ${name}`, opened, check);
  }
  return opened;
}
