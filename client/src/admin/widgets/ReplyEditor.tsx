import '@mantine/tiptap/styles.css';
import { Button, Input, Menu } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';
import { forMantine, RICH_TEXT_ATTRIBUTES } from './tiptap-handover.ts';

/** What the composer holds: the HTML sent, and the text a reader sees (paragraphs a blank line apart). */
export interface ReplyWriting {
  html: string;
  text: string;
}

function writingOf(editor: Editor): ReplyWriting {
  if (editor.isEmpty) return { html: '', text: '' };
  // A hard break (Shift+Enter) reads as one line break, a paragraph (Enter) as a blank line.
  return { html: editor.getHTML(), text: editor.getText({ blockSeparator: '\n\n' }) };
}

/*
 * A reply is writing, not HTML (decision 093): Enter starts a paragraph, Shift+Enter breaks the
 * line, and the editor sends them as <p> and <br>, so the e-mail, its text part and the seller's
 * page keep them. It holds what a reply needs (bold, italic, lists, links) and offers the reply's
 * merge fields from a menu; the server sanitises and merges what it gets as before.
 */
export function ReplyEditor({
  label,
  value,
  onChange,
  fields,
  description,
  error,
}: {
  label: string;
  value: string;
  onChange: (writing: ReplyWriting) => void;
  /** The merge fields offered, without braces. */
  fields: readonly string[];
  description?: string | undefined;
  error?: string | undefined;
}) {
  const labelId = useId();
  const descriptionId = useId();
  // The latest callback, for the editor's handlers made once with the editor.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
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
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] }),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-describedby': descriptionId,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: current }) => changed.current(writingOf(current)),
  });

  // A value from outside (a template chosen, the box cleared after sending) goes into the editor,
  // and what the editor made of it comes back: what is sent is what the Buyer sees.
  useEffect(() => {
    if (!editor) return;
    if (writingOf(editor).html === value) return;
    editor.commands.setContent(value, { emitUpdate: false });
    changed.current(writingOf(editor));
  }, [editor, value]);

  const insertField = (name: string) => editor?.chain().focus().insertContent(`{{${name}}}`).run();

  return (
    // A div, not a <label>: the editor is no form control; aria-labelledby names it instead.
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
    >
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
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="default">
                Merge field
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
              {fields.map((name) => (
                <Menu.Item key={name} onClick={() => insertField(name)}>
                  {`{{${name}}}`}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
