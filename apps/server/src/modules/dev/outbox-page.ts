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
.meta{color:#555;font-size:.9rem}
form{border:1px dashed #888;border-radius:8px;display:grid;gap:.5rem;margin:1rem 0;padding:1rem}
label{display:grid;gap:.25rem}input{font:inherit;padding:.4rem}button{font:inherit;justify-self:start;padding:.4rem 1rem}
.notice{background:#eef7f2;border-radius:8px;padding:.5rem 1rem}`;

/** What the "phone sends an SMS" form reports after posting. */
export type InboundSmsNotice = 'confirmed' | 'ignored';

// Phone confirmation by QR: the phone would send the QR code's SMS to our inbound number; in
// development this form plays that phone (POST /dev/outbox/inbound-sms).
function inboundSmsForm(notice: InboundSmsNotice | undefined): string {
  const result =
    notice === 'confirmed'
      ? '<p class="notice" role="status">The SMS confirmed the phone.</p>'
      : notice === 'ignored'
        ? '<p class="notice" role="status">The SMS confirmed nothing (no live QR code of that phone with that code).</p>'
        : '';
  return `<form method="post" action="/dev/outbox/inbound-sms">
<h2>A phone sends an SMS</h2>
<p class="meta">The QR method of phone confirmation: type the phone being confirmed and the text the QR code prepares.</p>
${result}
<label>From <input name="from" type="tel" required placeholder="+79991234567" autocomplete="off"></label>
<label>Text <input name="text" required placeholder="evcharge code: 1234" autocomplete="off"></label>
<button type="submit">Receive the SMS</button>
</form>`;
}

/** GET /dev/outbox: what the outbox transport stored, newest first, links clickable. */
export function renderOutboxPage(messages: Message[], notice?: InboundSmsNotice): string {
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
${inboundSmsForm(notice)}
${items || '<p>No messages yet.</p>'}
</body></html>`;
}
