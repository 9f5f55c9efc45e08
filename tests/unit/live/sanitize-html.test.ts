import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../src/shell/notice/sanitize-html';

describe('client-side sanitiser (DOMPurify)', () => {
  it('drops scripts, event handlers and javascript: links, keeps text and safe markup', () => {
    const clean = sanitizeHtml(
      '<p>hello <strong>there</strong></p><script>window.pwned=1</script><img src="x" onerror="window.pwned=1">' +
        '<a href="javascript:window.pwned=1">bad</a><a href="https://example.com" target="_blank">good</a>' +
        '<div onclick="alert(1)" style="background:url(javascript:alert(1))">d</div><svg><script>alert(1)</script></svg>',
    );
    expect(clean).toContain('<p>hello <strong>there</strong></p>');
    expect(clean).toContain('<img src="x">');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'style=', 'pwned']) expect(clean).not.toContain(bad);
  });

  it('renders nothing for empty content', () => {
    expect(sanitizeHtml(null)).toBe('');
  });
});
