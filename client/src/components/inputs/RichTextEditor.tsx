/**
 * Rich-text editor of spec 000 §9 on Quill 2: bold, italic, underline, strike, link, lists,
 * headers 1–6, sub/superscript, colour, background, clean, and an HTML source toggle.
 */
import { TextArea } from '@blueprintjs/core';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef, useState } from 'react';

export interface RichTextEditorProps {
  value: string | null | undefined;
  onChange(html: string): void;
  /** Height of the writing area; 140 px in dialogs (spec 000 §9). */
  height?: number;
  readOnly?: boolean;
}

const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  ['link'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ script: 'sub' }, { script: 'super' }],
  [{ color: [] }, { background: [] }],
  ['clean'],
  ['html'],
];

export function RichTextEditor({ value, onChange, height = 140, readOnly = false }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // What the editor holds now, so that our own changes coming back as `value` are not pasted again.
  const htmlRef = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  const [source, setSource] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const editor = document.createElement('div');
    host.appendChild(editor);
    const quill = new Quill(editor, {
      theme: 'snow',
      modules: { toolbar: { container: TOOLBAR, handlers: { html: () => setSource((on) => !on) } } },
    });
    const htmlButton = host.querySelector('.ql-html');
    if (htmlButton) {
      htmlButton.textContent = '</>';
      htmlButton.setAttribute('title', 'HTML-Quelltext');
    }
    quill.clipboard.dangerouslyPasteHTML(htmlRef.current, 'silent');
    quill.on('text-change', () => {
      htmlRef.current = quill.getSemanticHTML();
      onChangeRef.current(htmlRef.current);
    });
    quillRef.current = quill;
    return () => {
      quillRef.current = null;
      host.innerHTML = '';
    };
  }, []);

  useEffect(() => {
    const quill = quillRef.current;
    if (quill && (value ?? '') !== htmlRef.current) {
      htmlRef.current = value ?? '';
      quill.clipboard.dangerouslyPasteHTML(htmlRef.current, 'silent');
    }
  }, [value]);

  useEffect(() => {
    quillRef.current?.enable(!readOnly);
  }, [readOnly]);

  useEffect(() => {
    const container = hostRef.current?.querySelector<HTMLElement>('.ql-container');
    if (container) container.style.display = source ? 'none' : '';
  }, [source]);

  return (
    <div className="rich-text-editor">
      <div ref={hostRef} style={{ ['--rte-height' as string]: `${height}px` }} />
      {source && (
        <TextArea
          fill
          className="rich-text-source"
          style={{ height, fontFamily: 'monospace' }}
          value={value ?? ''}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}
