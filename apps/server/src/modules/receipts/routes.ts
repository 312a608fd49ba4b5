import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '@evcharge/api/common';
import { getReceipt, listReceipts, receiptPdfPath } from '@evcharge/api/payments/receipts';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { requireUser } from '../../plugins/auth';
import { renderReceiptPdf } from './pdf';
import { findUserReceipt, listUserReceipts, toReceipt } from './service';
import { brandOfAccount } from '../../brand/brands';

export function receiptRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, brand } = deps;
  // A receipt without a station is read in the zone of the account's brand (receipt-zone.ts).
  const brandOffset = (user: Parameters<typeof brandOfAccount>[0]) =>
    brandOfAccount(user, brand).support.hours.utcOffsetMinutes;
  route(app, listReceipts, async ({ auth, query }) =>
    listUserReceipts(db, auth.user.id, query, brandOffset(auth.user)),
  );
  route(app, getReceipt, async ({ auth, params }) =>
    toReceipt(await findUserReceipt(db, auth.user.id, params.id), brandOffset(auth.user)),
  );

  // Not JSON, so not through `route`; the same auth (401 with the JSON error body) and the
  // same params schema as getReceipt, and it is listed in the OpenAPI document.
  app.get(
    receiptPdfPath,
    {
      schema: {
        summary: 'One receipt as a PDF (application/pdf)',
        tags: ['payments'],
        security: [{ bearerAuth: [] }],
        params: getReceipt.params,
        response: { '4xx': errorBodySchema, '5xx': errorBodySchema },
      },
      preParsing: requireUser,
    },
    async (request, reply) => {
      const auth = request.auth;
      const { id } = request.params as { id: string };
      if (!auth) throw new Error('requireUser let an anonymous request through');
      const row = await findUserReceipt(db, auth.user.id, id);
      const pdf = await renderReceiptPdf(row, {
        language: auth.user.lang,
        // The receipt's zone as its JSON gives it: the station's, else the brand's.
        utcOffsetMinutes: brandOffset(auth.user),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${row.receipt.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
