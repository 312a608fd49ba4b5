import type { FastifyInstance, FastifyReply } from 'fastify';
import { minorDigits, isoCode } from '@evcharge/domain/currency';
import { isBankId } from './books';
import type { SandboxAcquirer } from './sandbox-acquirer';
import { fill } from '../../locales/texts';
import { pageLanguageOf, pageTexts, type PageLanguage } from './page-texts';
import { cardOf, SANDBOX_3DS_CODE, type CardBehaviour } from './test-cards';

// The sandbox acquirer's card page: the card form, then the 3-D Secure step, then back to the
// shop's return URL (and a signed notification to its callback). Plain HTML forms, no script
// (the CSP allows none inline). The card number is read here and never kept: the sandbox keeps
// a token with the last 4 digits and what the test number stands for.

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const style = `
body{margin:0;font:16px/1.45 system-ui,sans-serif;background:#eef1f4;color:#17202a}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}
.note{font-size:13px;color:#5d6d7e;margin:0 0 20px}
.amount{font-size:28px;font-weight:700;margin:0 0 20px}
label{display:block;font-size:14px;margin:14px 0 6px}
input{box-sizing:border-box;width:100%;min-height:44px;font-size:18px;padding:8px 12px;border:1px solid #aab7c4;border-radius:10px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;min-height:48px;border:0;border-radius:12px;background:#1f4e79;color:#fff;font-size:17px;font-weight:600}
.error{color:#b03a2e;font-size:14px;margin:6px 0 0}
.test-bank{margin:0 0 16px;padding:12px 16px;border-radius:12px;background:#fdebd0;color:#6e2c00;font-weight:600}
a{color:#1f4e79}
`;

function page(lang: PageLanguage, body: string) {
  const t = pageTexts[lang];
  return `<!doctype html><html lang="${lang === 'kz' ? 'kk' : lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(t.title)}</title>
<style>${style}</style></head><body><main><div class="card">${body}</div>
<p class="note">${escape(t.sandboxNote)}</p></main></body></html>`;
}

function money(amountMinor: number, currency: Parameters<typeof isoCode>[0], lang: PageLanguage) {
  const locale = lang === 'kz' ? 'kk' : lang;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: isoCode(currency),
    minimumFractionDigits: minorDigits(currency),
  }).format(amountMinor / 10 ** minorDigits(currency));
}

type Row = NonNullable<Awaited<ReturnType<SandboxAcquirer['pagePayment']>>>;
type Errors = { number?: string; expiry?: string; cvc?: string; code?: string };

function heading(row: Row, lang: PageLanguage) {
  const t = pageTexts[lang];
  return row.kind === 'bind'
    ? `<h1>${escape(t.bindCard)}</h1><p class="note">${escape(row.description)}</p>`
    : `<h1>${escape(t.title)}</h1><p class="note">${escape(row.description)}</p>
<p class="amount">${escape(money(row.amountMinor, row.currency, lang))}</p>`;
}

function cardForm(row: Row, lang: PageLanguage, errors: Errors = {}) {
  const t = pageTexts[lang];
  const error = (text?: string) => (text ? `<p class="error" role="alert">${escape(text)}</p>` : '');
  return page(
    lang,
    `${heading(row, lang)}
<form method="post" action="/acquirer/sandbox/pay/${escape(row.id)}?lang=${lang}" autocomplete="off">
<label for="number">${escape(t.cardNumber)}</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>${error(errors.number)}
<div class="row"><div><label for="expiry">${escape(t.expiry)}</label>
<input id="expiry" name="expiry" placeholder="12/30" autocomplete="cc-exp" required>${error(errors.expiry)}</div>
<div><label for="cvc">${escape(t.cvc)}</label>
<input id="cvc" name="cvc" inputmode="numeric" maxlength="4" autocomplete="cc-csc" required>${error(errors.cvc)}</div></div>
<button type="submit">${escape(row.kind === 'bind' ? t.continue : `${t.pay} ${money(row.amountMinor, row.currency, lang)}`)}</button>
</form>`,
  );
}

function challengeForm(row: Row, lang: PageLanguage, errors: Errors = {}) {
  const t = pageTexts[lang];
  return page(
    lang,
    `<h1>${escape(t.challengeTitle)}</h1>
<p>${escape(fill(t.challengeHint, { code: SANDBOX_3DS_CODE }))}</p>
<form method="post" action="/acquirer/sandbox/3ds/${escape(row.id)}?lang=${lang}" autocomplete="off">
<label for="code">${escape(t.code)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
${errors.code ? `<p class="error" role="alert">${escape(errors.code)}</p>` : ''}
<button type="submit">${escape(t.confirm)}</button></form>`,
  );
}

function finishedPage(row: Row, lang: PageLanguage) {
  const t = pageTexts[lang];
  const back = row.returnUrl ? `<p><a href="${escape(row.returnUrl)}">${escape(t.back)}</a></p>` : '';
  return page(lang, `${heading(row, lang)}<p>${escape(t.finished)}</p>${back}`);
}

/** MM/YY (or MM/YYYY): the month and the full year, if it is a date. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

function isExpired(expiry: { month: number; year: number }, now = new Date()) {
  return expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** What the bank answers once the cardholder passed 3-D Secure. */
export function outcomeOf(behaviour: CardBehaviour): string | null {
  return /^ACQ\d+$/.test(behaviour) ? behaviour : null;
}

type Form = Record<string, string | undefined>;

/** The page with the test bank's notice at its top (a production server keeping the sandbox). */
function withTestBankNotice(html: string, lang: PageLanguage): string {
  const notice = `<p class="test-bank" role="alert">${escape(pageTexts[lang].testBank)}</p>`;
  return html.replace('<main>', `<main>${notice}`);
}

/** `testBankNotice`: every page says first that this is a test bank (ACQUIRER_SANDBOX_IN_PRODUCTION). */
export function registerSandboxPages(
  app: FastifyInstance,
  acquirer: SandboxAcquirer,
  { testBankNotice = false }: { testBankNotice?: boolean } = {},
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    const html = (reply: FastifyReply, text: string, status = 200) =>
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(text);

    const languageOf = (request: { query: unknown; headers: { 'accept-language'?: string } }) =>
      pageLanguageOf((request.query as Form).lang, request.headers['accept-language']);

    if (testBankNotice) {
      scope.addHook('onSend', async (request, _reply, payload) =>
        typeof payload === 'string' ? withTestBankNotice(payload, languageOf(request)) : payload,
      );
    }

    /** The payment of the page's URL; an id of another shape is no page (404), before any query. */
    const pageRow = async (id: string) => (isBankId(id) ? acquirer.pagePayment(id) : undefined);

    /** The page after the payment ended: back to the shop, whose page settles it. */
    const done = (reply: FastifyReply, row: Row, lang: PageLanguage) =>
      row.returnUrl ? reply.redirect(row.returnUrl, 303) : html(reply, finishedPage(row, lang));

    scope.get<{ Params: { id: string } }>('/acquirer/sandbox/pay/:id', async (request, reply) => {
      const lang = languageOf(request);
      const row = await pageRow(request.params.id);
      if (!row || row.kind === 'refund') return html(reply, page(lang, '<h1>404</h1>'), 404);
      if (row.status !== 'pending') return html(reply, finishedPage(row, lang));
      return html(reply, row.challengeToken ? challengeForm(row, lang) : cardForm(row, lang));
    });

    scope.post<{ Params: { id: string }; Body: Form }>(
      '/acquirer/sandbox/pay/:id',
      async (request, reply) => {
        const lang = languageOf(request);
        const t = pageTexts[lang];
        const row = await pageRow(request.params.id);
        if (!row || row.kind === 'refund') return html(reply, page(lang, '<h1>404</h1>'), 404);
        if (row.status !== 'pending') return html(reply, finishedPage(row, lang));
        const form = request.body ?? {};
        const card = cardOf(form.number ?? '');
        const expiry = parseExpiry(form.expiry ?? '');
        const errors: Errors = {
          number: card ? undefined : t.badNumber,
          expiry: expiry ? undefined : t.badExpiry,
          cvc: /^\d{3,4}$/.test(form.cvc ?? '') ? undefined : t.badCvc,
        };
        if (!card || !expiry || errors.cvc) return html(reply, cardForm(row, lang, errors), 422);
        const entered = await acquirer.enterCard(row.id, {
          brand: card.brand,
          bank: card.bank,
          last4: card.number.slice(-4),
          expMonth: expiry.month,
          expYear: expiry.year,
          behaviour: isExpired(expiry) ? 'ACQ2' : card.behaviour,
        });
        if (!entered) return html(reply, finishedPage(row, lang));
        return reply.redirect(`/acquirer/sandbox/pay/${row.id}?lang=${lang}`, 303);
      },
    );

    scope.post<{ Params: { id: string }; Body: Form }>(
      '/acquirer/sandbox/3ds/:id',
      async (request, reply) => {
        const lang = languageOf(request);
        const t = pageTexts[lang];
        const row = await pageRow(request.params.id);
        if (!row || row.kind === 'refund') return html(reply, page(lang, '<h1>404</h1>'), 404);
        if (row.status !== 'pending' || !row.challengeToken || !row.cardToken)
          return row.status === 'pending' ? html(reply, cardForm(row, lang)) : done(reply, row, lang);
        const code = (request.body ?? {}).code?.trim();
        if (code !== SANDBOX_3DS_CODE) {
          const after = await acquirer.wrongChallenge(row.id);
          if (!after || after.status !== 'pending') return done(reply, after ?? row, lang);
          const tries = String(3 - after.challengeTries);
          return html(reply, challengeForm(after, lang, { code: fill(t.wrongCode, { tries }) }), 422);
        }
        const behaviour = (await acquirer.cardBehaviour(row.cardToken)) ?? 'ACQ15';
        const finished = await acquirer.complete(row.id, {
          // 4000 0000 0000 3063-like cards: 3-D Secure itself fails.
          errorCode: behaviour === 'ACQ12' ? 'ACQ12' : outcomeOf(behaviour),
        });
        return done(reply, finished ?? row, lang);
      },
    );
  });
}
