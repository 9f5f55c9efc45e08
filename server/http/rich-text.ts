import sanitizeHtml from 'sanitize-html';

/**
 * HTML from the product's rich-text editor (announcements, the goods description) as it is stored:
 * images and basic formatting stay; scripts, event handlers (on*), inline styles and script URLs never
 * reach the database. The screens clean it again before rendering (dompurify).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'del', 'h1', 'h2'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    // The editor marks alignment, indentation and sizes with its own classes.
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

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
