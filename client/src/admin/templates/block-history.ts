import { useCallback, useReducer } from 'react';
import {
  BLOCK_DOCUMENT_VERSION,
  type Block,
  type BlockDocument,
  type BlockType,
  type LeafBlock,
} from '#shared/templates/blocks.ts';

/*
 * The block editor's state (decision 054): the blocks with a stable key each (what drag-and-drop
 * and React track a card by; never saved), and an undo history over the whole document. Typing
 * into one field is one step, not one per keystroke: consecutive edits of the same field replace
 * the newest entry instead of adding one. Adding, removing and moving are always steps of their own.
 */

export interface BlockList {
  blocks: Block[];
  keys: string[];
}

export interface BlockHistory {
  past: BlockList[];
  present: BlockList;
  future: BlockList[];
  /** The field the newest entry was typed into; null after any other kind of change. */
  typing: string | null;
}

/** How many steps back undo reaches: enough for a session, bounded for memory. */
export const MAX_UNDO = 200;

export type HistoryAction =
  | { type: 'change'; list: BlockList; field?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  // Another document altogether (a campaign loading a template, decision 092): no way back to the old one.
  | { type: 'reset'; doc: BlockDocument };

export function historyReducer(history: BlockHistory, action: HistoryAction): BlockHistory {
  switch (action.type) {
    case 'change': {
      const field = action.field ?? null;
      if (field !== null && field === history.typing) return { ...history, present: action.list, future: [] };
      return {
        past: [...history.past, history.present].slice(-MAX_UNDO),
        present: action.list,
        future: [],
        typing: field,
      };
    }
    case 'undo': {
      const previous = history.past.at(-1);
      if (!previous) return history;
      return {
        past: history.past.slice(0, -1),
        present: previous,
        future: [history.present, ...history.future],
        typing: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (!next) return history;
      return { past: [...history.past, history.present], present: next, future: rest, typing: null };
    }
    case 'reset':
      return { past: [], present: listFrom(action.doc), future: [], typing: null };
  }
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `block-${keyCounter}`;
}

export function listFrom(doc: BlockDocument): BlockList {
  return { blocks: doc.blocks, keys: doc.blocks.map(() => newKey()) };
}

export function documentOf(list: BlockList): BlockDocument {
  return { version: BLOCK_DOCUMENT_VERSION, blocks: list.blocks };
}

/** Moves the block at `from` to `to`; the footer stays last whatever is asked. */
export function moveBlock(list: BlockList, from: number, to: number): BlockList {
  const last = list.blocks.length - 1;
  const isFooter = (i: number) => list.blocks[i]?.type === 'footer';
  if (from === to || from < 0 || to < 0 || from > last || to > last || isFooter(from) || isFooter(to))
    return list;
  const blocks = [...list.blocks];
  const keys = [...list.keys];
  const [block] = blocks.splice(from, 1);
  const [key] = keys.splice(from, 1);
  if (!block || key === undefined) return list;
  blocks.splice(to, 0, block);
  keys.splice(to, 0, key);
  return { blocks, keys };
}

/** Inserts before the footer, so the footer stays last. */
export function addBlock(list: BlockList, block: Block): BlockList {
  const at = list.blocks.findIndex((b) => b.type === 'footer');
  const index = at === -1 ? list.blocks.length : at;
  return {
    blocks: [...list.blocks.slice(0, index), block, ...list.blocks.slice(index)],
    keys: [...list.keys.slice(0, index), newKey(), ...list.keys.slice(index)],
  };
}

export function removeBlock(list: BlockList, index: number): BlockList {
  if (list.blocks[index]?.type === 'footer') return list;
  return {
    blocks: list.blocks.filter((_, i) => i !== index),
    keys: list.keys.filter((_, i) => i !== index),
  };
}

export function replaceBlock(list: BlockList, index: number, block: Block): BlockList {
  return { ...list, blocks: list.blocks.map((b, i) => (i === index ? block : b)) };
}

export type AddableType = Exclude<BlockType, 'footer'>;
export type LeafType = LeafBlock['type'];

/** A new block of a type, with empty fields for the admin to fill. */
export function newBlock(type: AddableType): Block {
  if (type === 'columns') return { type, left: [], right: [] };
  return newLeaf(type);
}

export function newLeaf(type: LeafType): LeafBlock {
  switch (type) {
    case 'heading':
      return { type, text: '', level: 2 };
    case 'richText':
      return { type, html: '' };
    case 'image':
      return { type, uploadId: null, url: '', alt: '', href: null };
    case 'button':
      return { type, label: '', url: '' };
    case 'divider':
      return { type };
    case 'spacer':
      return { type, size: 24 };
    case 'watch':
      return { type, uploadId: null, url: '', alt: '', brand: '', model: '', text: '' };
  }
}

/** The editor's document with undo and redo. */
export function useBlockHistory(initial: BlockDocument) {
  const [history, dispatch] = useReducer(historyReducer, initial, (doc) => ({
    past: [],
    present: listFrom(doc),
    future: [],
    typing: null,
  }));
  const change = useCallback(
    (list: BlockList, field?: string) => dispatch({ type: 'change', list, field }),
    [],
  );
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback((doc: BlockDocument) => dispatch({ type: 'reset', doc }), []);
  return {
    list: history.present,
    change,
    undo,
    redo,
    reset,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
