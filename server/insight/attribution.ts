// The attribution rule (decision 096), one pure function so that it can be read and tested
// alone: which campaign or flow e-mail an enquiry is credited to.

/** A campaign or flow e-mail's click or open by the submitting contact. */
export interface TouchCandidate {
  source: 'campaign' | 'flow';
  /** The campaign's or the flow's id. */
  sourceId: string;
  kind: 'click' | 'open';
  at: Date;
  /**
   * An open made by a machine (decision 025: the provider's flag, or within the machine window
   * after delivery). Never a touch: nobody read the message.
   */
  machine: boolean;
  /** The contact the send still names; null once that contact was erased (decision 036). */
  contactId: string | null;
}

export interface Touch {
  source: 'campaign' | 'flow';
  sourceId: string;
  kind: 'click' | 'open';
  at: Date;
}

export interface Attribution {
  first: Touch;
  last: Touch;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first and last touch of a submission, or null when there is none:
 * - a touch is a click, or a reader's open (never a machine's), of a send that still names the
 *   submitting contact, made within `windowDays` before `submittedAt` (the window's start is
 *   included, anything after the submission is not);
 * - opens weigh less than clicks: they count only when the window holds no click at all;
 * - first is the earliest of those touches, last the latest; of touches at the same instant a
 *   campaign wins over a flow, then the smaller id, for first and last alike, so the same data
 *   always gives the same answer.
 */
export function attributeTouches(
  candidates: readonly TouchCandidate[],
  submittedAt: Date,
  windowDays: number,
  contactId: string,
): Attribution | null {
  const from = submittedAt.getTime() - windowDays * DAY_MS;
  const eligible = candidates.filter(
    (c) =>
      c.contactId === contactId &&
      !(c.kind === 'open' && c.machine) &&
      c.at.getTime() >= from &&
      c.at.getTime() <= submittedAt.getTime(),
  );
  const clicks = eligible.filter((c) => c.kind === 'click');
  const chosen = clicks.length > 0 ? clicks : eligible;
  if (chosen.length === 0) return null;
  const ordered = [...chosen].sort((a, b) => a.at.getTime() - b.at.getTime() || compareTie(a, b));
  const lastAt = ordered[ordered.length - 1]!.at.getTime();
  const last = ordered.filter((c) => c.at.getTime() === lastAt).sort(compareTie)[0]!;
  return { first: toTouch(ordered[0]!), last: toTouch(last) };
}

function compareTie(a: TouchCandidate, b: TouchCandidate): number {
  if (a.source !== b.source) return a.source === 'campaign' ? -1 : 1;
  return a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0;
}

function toTouch(c: TouchCandidate): Touch {
  return { source: c.source, sourceId: c.sourceId, kind: c.kind, at: c.at };
}
