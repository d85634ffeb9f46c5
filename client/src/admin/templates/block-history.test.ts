import { describe, expect, it } from 'vitest';
import { starterBlocks } from '#shared/templates/blocks.ts';
import {
  addBlock,
  type BlockHistory,
  historyReducer,
  listFrom,
  moveBlock,
  newBlock,
  removeBlock,
  replaceBlock,
} from './block-history.ts';

// Decision 054: undo covers the whole block document; typing into one field is one step.
const start = (): BlockHistory => ({
  past: [],
  present: listFrom(starterBlocks('marketing')),
  future: [],
  typing: null,
});

describe('block history', () => {
  it('keeps the footer last whatever is added, moved or removed', () => {
    let list = listFrom(starterBlocks('marketing'));
    list = addBlock(list, newBlock('divider'));
    expect(list.blocks.map((b) => b.type)).toEqual(['heading', 'richText', 'divider', 'footer']);
    expect(moveBlock(list, 2, 3)).toBe(list);
    expect(moveBlock(list, 3, 0)).toBe(list);
    expect(removeBlock(list, 3)).toBe(list);
    const moved = moveBlock(list, 2, 0);
    expect(moved.blocks.map((b) => b.type)).toEqual(['divider', 'heading', 'richText', 'footer']);
    expect(moved.keys[0]).toBe(list.keys[2]);
  });

  it('undoes a move, and typing in one field as one step', () => {
    let h = start();
    const first = h.present;
    h = historyReducer(h, { type: 'change', list: moveBlock(h.present, 1, 0) });
    const typed = (text: string) => replaceBlock(h.present, 0, { type: 'richText', html: `<p>${text}</p>` });
    h = historyReducer(h, { type: 'change', list: typed('a'), field: 'blocks.0.html' });
    h = historyReducer(h, { type: 'change', list: typed('ab'), field: 'blocks.0.html' });
    expect(h.past).toHaveLength(2);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.blocks[0]).toEqual({ type: 'richText', html: '<p>Write your message here.</p>' });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toEqual(first);
    h = historyReducer(h, { type: 'redo' });
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.blocks[0]).toEqual({ type: 'richText', html: '<p>ab</p>' });
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });
});
