import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'u',
    's',
    'del',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    // The rich-text editor marks alignment, indentation and sizes with its own classes.
    '*': ['class'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Announcement HTML as stored: scripts, event handlers and script URLs never reach the database. */
export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
