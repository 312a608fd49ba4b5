// DataTransfer from the central system (OCPP 1.6 §5.6). The simulator knows one vendor
// message: vendorId 'evcharge', messageId 'PresentTag', data '{"idTag":"…","connectorId":1}'
// (connectorId optional) reads that tag at the RFID reader, as if a driver touched it, so a
// demo can present a tag from the app (SPEC §7 RFID and loyalty: binding a tag at a station).
import type { OCPP16 } from 'typed-ocpp';
import { presentTag } from './authorize';
import type { StationContext } from './context';

export const vendorId = 'evcharge';

/** The PresentTag data, or undefined when it is not what the message needs. */
function parsePresentTag(
  ctx: StationContext,
  data: string | undefined,
): { idTag: string; connectorId?: number } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data ?? '');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { idTag, connectorId } = parsed as { idTag?: unknown; connectorId?: unknown };
  // IdToken: CiString20Type (OCPP 1.6 §7.28).
  if (typeof idTag !== 'string' || idTag === '' || idTag.length > 20) return undefined;
  if (connectorId === undefined) return { idTag };
  if (
    typeof connectorId !== 'number' ||
    !Number.isInteger(connectorId) ||
    !ctx.connectors[connectorId - 1]
  )
    return undefined;
  return { idTag, connectorId };
}

export function dataTransfer(
  ctx: StationContext,
  request: OCPP16.DataTransferRequest,
): OCPP16.DataTransferResponse {
  if (request.vendorId !== vendorId) return { status: 'UnknownVendorId' };
  if (request.messageId !== 'PresentTag') return { status: 'UnknownMessageId' };
  const tag = parsePresentTag(ctx, request.data);
  if (!tag) return { status: 'Rejected' };
  // After the answer, so the CALLRESULT goes out before the Authorize it causes.
  setImmediate(() => {
    if (ctx.isClosed) return;
    presentTag(ctx, tag.idTag, tag.connectorId).then(
      (result) => ctx.log(`PresentTag ${tag.idTag}: ${JSON.stringify(result)}`),
      (error: unknown) =>
        ctx.log(
          `PresentTag ${tag.idTag} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
  });
  return { status: 'Accepted' };
}
