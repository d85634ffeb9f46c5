import type { RichTextEditorProps } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';

/**
 * @mantine/tiptap 9.7.3's declarations reach @tiptap/core through its CommonJS types and our code
 * through its ESM ones: one class at run time, two declarations to the compiler (TS2322,
 * "separate declarations of a private property"). The editor is handed over as Mantine's type, in
 * one place for the block editor's rich text and the reply composer (decisions 054, 093).
 */
export function forMantine(editor: Editor | null): RichTextEditorProps['editor'] {
  const handed: unknown = editor;
  return handed as RichTextEditorProps['editor'];
}

/**
 * Mantine's link popover switches "open in a new tab" with an icon button whose only words are a
 * hover tooltip: no accessible name (axe button-name, found by the every-route walk opening each
 * dialog, decision 099). Named here through Mantine's attributes, once for both editors; tsc
 * checks it where it is passed (typed linting cannot read Mantine's types, see forMantine).
 */
export const RICH_TEXT_ATTRIBUTES = {
  linkEditorExternalControl: { 'aria-label': 'Open the link in a new tab' },
};
