import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { forMantine, RICH_TEXT_ATTRIBUTES } from '../widgets/tiptap-handover.ts';

/*
 * Rich text for a block (decision 054): tiptap through Mantine's toolbar, held to what the block
 * schema takes (paragraphs, bold, italic, links, lists, line breaks). Its own undo history is off:
 * the block editor's undo covers the whole document, this field included, so Ctrl+Z means one thing.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        undoRedo: false,
        link: false,
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
      }),
      // Only absolute links: a mail client has no page to resolve a relative one against.
      Link.configure({
        openOnClick: false,
        protocols: ['http', 'https', 'mailto', 'tel'],
        HTMLAttributes: {},
      }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // Undo and redo change the value from outside: put it back into the editor without a new step.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    // A div, not a <label>: the editor is no form control; aria-labelledby names it instead.
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} error={error} required>
      {/* eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- typed linting cannot resolve Mantine's CommonJS view of the editor type (see forMantine); tsc checks this line */}
      <RichTextEditor editor={forMantine(editor)} attributes={RICH_TEXT_ATTRIBUTES}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
