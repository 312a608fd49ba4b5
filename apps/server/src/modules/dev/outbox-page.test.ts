import { describe, expect, it } from 'vitest';
import { escapeHtml, linkify, renderOutboxPage } from './outbox-page';

describe('outbox page', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('links http(s) URLs and escapes the text around them', () => {
    expect(linkify('go <now> https://a.test/p?x=1&y=2 then')).toBe(
      'go &lt;now&gt; <a href="https://a.test/p?x=1&amp;y=2">https://a.test/p?x=1&amp;y=2</a> then',
    );
    expect(linkify('javascript:alert(1)')).toBe('javascript:alert(1)');
  });

  it('renders a page without script', () => {
    const html = renderOutboxPage([
      { id: '1', channel: 'email', to: 'a@b.c', subject: null, body: 'hi', createdAt: new Date(0) },
    ]);
    expect(html).toContain('(no subject)');
    expect(html).not.toContain('<script');
  });
});
