import { describe, expect, it } from 'vitest';
import { type RowClickFacts, rowClickAction } from './row-click.ts';

const plain: RowClickFacts = {
  button: 0,
  defaultPrevented: false,
  modifier: false,
  insideInteractive: false,
  selecting: false,
};

describe('rowClickAction', () => {
  it('opens the record on a plain click anywhere on the row', () => {
    expect(rowClickAction(plain)).toBe('open');
  });

  it('opens a new tab with cmd, ctrl or shift, as the row link would', () => {
    expect(rowClickAction({ ...plain, modifier: true })).toBe('open-new-tab');
  });

  it('leaves clicks on the link, buttons and fields inside the row to them', () => {
    expect(rowClickAction({ ...plain, insideInteractive: true })).toBeNull();
    expect(rowClickAction({ ...plain, insideInteractive: true, modifier: true })).toBeNull();
  });

  it('does nothing while text is being selected, or for other buttons', () => {
    expect(rowClickAction({ ...plain, selecting: true })).toBeNull();
    expect(rowClickAction({ ...plain, button: 1 })).toBeNull();
    expect(rowClickAction({ ...plain, button: 2 })).toBeNull();
    expect(rowClickAction({ ...plain, defaultPrevented: true })).toBeNull();
  });
});
