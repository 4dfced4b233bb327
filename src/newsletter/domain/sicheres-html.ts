/**
 * Every HTML staff or editors type (newsletter body, HTML content fields, news) is reduced on
 * save to what an e-mail may hold: formatting, tables, images and links with http(s)/mailto/tel
 * URLs and inline styles. No script, event handler, form, frame or `javascript:` URL survives, so
 * nothing can run in a recipient's mail, the preview or a staff screen.
 */
import sanitizeHtml from 'sanitize-html';

const TABELLE = [
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'style',
];

const REGELN: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'del', 'ins'],
  allowedAttributes: {
    '*': ['style', 'class', 'align', 'dir', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    font: ['color', 'face', 'size'],
    table: TABELLE,
    tr: TABELLE,
    td: [...TABELLE, 'colspan', 'rowspan'],
    th: [...TABELLE, 'colspan', 'rowspan'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * Quill 2.0.3 writes every typed space as &nbsp; (slab/quill#4509), which keeps a mail's lines
 * from wrapping; a lone one between words becomes a space again, runs keep theirs. (The sanitizer
 * writes them as characters, and hands text to its filters in pieces, hence afterwards.)
 */
const EINZELNES_NBSP = /(?<![\s\u00a0])\u00a0(?![\s\u00a0])/g;

export function sicheresHtml(html: string): string {
  return sanitizeHtml(html, REGELN).replace(EINZELNES_NBSP, ' ');
}
