import { createElement as h } from 'react';
import { formatAud } from '#shared/money/aud.ts';
import { formatCalendarDay } from '#shared/time/format.ts';
import type { AppConfig } from '../config/app-config.ts';
import { noticeHeading, p, renderBody, strong, styledP } from '../email/layout/body.ts';
import { buttonElement } from '../email/layout/layout.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';

// The weekly summary's e-mail (decision 100), in the team notices' layout with its text part made
// from the HTML (decision 024). Figures only: no seller is named, as an e-mail is forwarded.

/** One week's figures (server/insight/weekly-summary.ts computes them). */
export interface WeekFigures {
  enquiries: number;
  purchases: number;
  valueCents: number;
}

export interface WeeklySummary {
  week: { from: string; to: string };
  previous: { from: string; to: string };
  current: WeekFigures;
  prior: WeekFigures;
  /** The source with the most purchases, then enquiries; null in a week without enquiries. */
  bestSource: { label: string; purchases: number; enquiries: number } | null;
  /** The stage that adds the most median hours; null when the week reached no step with a time. */
  slowestStep: { label: string; hours: number } | null;
}

const day = (value: string) => formatCalendarDay(value, 'day');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "(up from 2)", "(down from 2)" or "(as the week before)". */
function against(current: number, prior: number, format: (n: number) => string): string {
  if (current === prior) return ' (as the week before)';
  return ` (${current > prior ? 'up' : 'down'} from ${format(prior)})`;
}

function hoursText(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function weeklySummaryEmail(
  config: Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom'>,
  input: { to: string[]; summary: WeeklySummary },
): EmailMessage {
  const { week, current, prior, bestSource, slowestStep } = input.summary;
  const period = `${day(week.from)} to ${day(week.to)}`;
  const subject = `Your week: ${plural(current.enquiries, 'enquiry', 'enquiries')}, ${plural(current.purchases, 'purchase', 'purchases')}`;
  const count = String;
  const item = (label: string, ...value: Array<string | ReturnType<typeof strong>>) =>
    h('li', { key: label }, strong(`${label}: `), ...value);
  const funnel = `${config.appUrl}/admin/insight?from=${week.from}&to=${week.to}&by=source`;
  const body = renderBody([
    noticeHeading('Your weekly summary'),
    p(`Monday to Sunday, ${period}, against the week before.`),
    h(
      'ul',
      null,
      item('Enquiries', count(current.enquiries), against(current.enquiries, prior.enquiries, count)),
      item('Purchases', count(current.purchases), against(current.purchases, prior.purchases, count)),
      item(
        'Purchase value',
        formatAud(current.valueCents),
        against(current.valueCents, prior.valueCents, formatAud),
      ),
      item(
        'Best source',
        bestSource
          ? `${bestSource.label}, ${plural(bestSource.purchases, 'purchase', 'purchases')} from ${plural(bestSource.enquiries, 'enquiry', 'enquiries')}`
          : 'no enquiries this week',
      ),
      item(
        'Slowest step',
        slowestStep
          ? `${slowestStep.label}, a median of ${hoursText(slowestStep.hours)}`
          : 'no replies or offers yet',
      ),
    ),
    buttonElement(funnel, 'Open the funnel'),
    styledP(
      { fontSize: '13px', color: '#5c544b' },
      'You get this because you turned it on in your account. ',
      h('a', { href: `${config.appUrl}/admin/account` }, 'Turn it off'),
    ),
  ]);
  const { html, text } = layoutMessage(config.site, {
    title: subject,
    preheader: `${period}: ${formatAud(current.valueCents)} in purchases.`,
    body,
  });
  return {
    from: config.emailFrom,
    to: input.to,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'insight_weekly_summary' }],
  };
}
