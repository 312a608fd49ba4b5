import type { listOutbox } from './repo';

type Message = Awaited<ReturnType<typeof listOutbox>>[number];

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escapes a message body and turns its http(s) links into anchors. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

// Styles only (CSP: no inline script); helmet allows inline styles, not scripts.
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;margin:1rem 0;padding:1rem}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:.5rem 0 0}
.meta{color:#555;font-size:.9rem}`;

/** GET /dev/outbox: what the outbox transport stored, newest first, links clickable. */
export function renderOutboxPage(messages: Message[]): string {
  const items = messages
    .map(
      (m) => `<article>
<div class="meta">${escapeHtml(m.createdAt.toISOString())} · ${escapeHtml(m.channel)} · to ${escapeHtml(m.to)}</div>
<h2>${escapeHtml(m.subject ?? '(no subject)')}</h2>
<pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title><style>${STYLE}</style></head>
<body><h1>Outbox</h1>
<p>Messages the server would have sent (MAIL_TRANSPORT=outbox). Newest first.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}
