import { html } from '@codemirror/lang-html';
import { Input } from '@mantine/core';
import CodeMirror, { EditorView, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { type Ref, useId, useImperativeHandle, useMemo, useRef } from 'react';

export interface HtmlEditorHandle {
  /** Replaces the selection (or inserts at the cursor) and puts the cursor after the text. */
  insertAtCursor: (text: string) => void;
}

interface HtmlEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  description?: string | undefined;
  required?: boolean;
  minHeight?: string;
  ref?: Ref<HtmlEditorHandle>;
}

/** The HTML field of templates and campaigns: CodeMirror 6 with HTML highlighting. */
export function HtmlEditor({
  label,
  value,
  onChange,
  error,
  description,
  required = false,
  minHeight = '420px',
  ref,
}: HtmlEditorProps) {
  const codeMirror = useRef<ReactCodeMirrorRef>(null);
  const labelId = useId();
  const errorId = useId();

  useImperativeHandle(ref, () => ({
    insertAtCursor(text: string) {
      const view = codeMirror.current?.view;
      if (!view) {
        onChange(`${value}${text}`);
        return;
      }
      view.dispatch(view.state.replaceSelection(text));
      view.focus();
    },
  }));

  // The editable surface is a contenteditable div; these attributes give it the field's name.
  const extensions = useMemo(
    () => [
      html(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        // Focusable by its tabindex too, so axe sees the editor's scroll box holds a tab stop
        // (scrollable-region-focusable, decision 056); contenteditable is in the tab order anyway.
        tabindex: '0',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      }),
    ],
    [labelId, errorId, error],
  );

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <div
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
          marginTop: 4,
        }}
      >
        <CodeMirror
          ref={codeMirror}
          value={value}
          onChange={onChange}
          extensions={extensions}
          minHeight={minHeight}
          maxHeight="70vh"
          basicSetup={{ foldGutter: false, highlightActiveLine: false }}
        />
      </div>
    </Input.Wrapper>
  );
}
