import DOMPurify from 'dompurify';

let hooked = false;

/** HTML from the server made safe to render: no scripts, event handlers or script URLs (defence in depth). */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!hooked) {
    hooked = true;
    // Links that open a new window must not hand it our window object.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'], ADD_ATTR: ['target'] });
}
