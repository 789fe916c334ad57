import sanitizeHtml from 'sanitize-html';

/**
 * Notice and guide content comes from a rich-text editor and is shown to every target user, so it is
 * reduced to formatting markup: no scripts, frames, event-handler attributes or script URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'h1',
    'h2',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'align'],
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'size', 'face'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // `style` can carry `expression(...)`/`url(javascript:...)` in old engines: only plain properties pass.
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|pt|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^[a-z -]+$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
      height: [/^\d+(\.\d+)?(px|%)$/],
    },
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of the content, for the message summary line. */
export function plainTextOf(html: string, max = 120): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
