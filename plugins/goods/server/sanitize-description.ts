import sanitizeHtml from 'sanitize-html';

/**
 * The goods detail's rich text as stored: images and basic formatting stay; scripts, event handlers
 * (on*), styles that could hide content and script URLs never reach the database. The screens clean it
 * again before rendering (dompurify), the mini-program shows it as given.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'del', 'h1', 'h2'],
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

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
