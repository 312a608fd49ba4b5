// The RFID reader: a tag presented at the station starts or stops a transaction.
import type { OCPP16 } from 'typed-ocpp';
import { callCentral, findConnector, type StationContext } from './context';
import { isRpcError } from './connection';
import { canStart, type Connector } from './connector';
import { isListInUse, lookUpTag, type AuthorizationStatus } from './local-list';
import { awaitCable, startTransaction, stopTransaction } from './transactions';

export type TagOutcome =
  | { outcome: 'started'; connectorId: number; status: AuthorizationStatus }
  | { outcome: 'awaitingCable'; connectorId: number; status: AuthorizationStatus }
  | { outcome: 'stopped'; connectorId: number }
  | { outcome: 'rejected'; connectorId: number; status: AuthorizationStatus }
  | { outcome: 'noConnector' };

export async function presentTag(
  ctx: StationContext,
  idTag: string,
  connectorId?: number,
): Promise<TagOutcome> {
  const result = await readTag(ctx, idTag, connectorId);
  ctx.events.emit('tagPresented', { idTag, result });
  return result;
}

async function readTag(
  ctx: StationContext,
  idTag: string,
  connectorId: number | undefined,
): Promise<TagOutcome> {
  const chosen = connectorId === undefined ? undefined : findConnector(ctx, connectorId);
  // The tag that started a transaction stops it, without asking the central system.
  const running = (chosen ? [chosen] : ctx.connectors).find((c) => c.transaction?.idTag === idTag);
  if (running) {
    ctx.log(`tag ${idTag} presented: stopping the transaction on connector ${running.id}`);
    stopTransaction(ctx, running, 'Local');
    return { outcome: 'stopped', connectorId: running.id };
  }
  const connector = chosen ?? pickConnector(ctx, idTag);
  if (!connector || !canStart(connector, ctx.isEmergency, idTag, 'unknown'))
    return { outcome: 'noConnector' };

  const { status, parentIdTag } = await authorize(ctx, idTag);
  ctx.log(`tag ${idTag} presented at connector ${connector.id}: ${status}`);
  if (status !== 'Accepted') return { outcome: 'rejected', connectorId: connector.id, status };
  // The state may have moved while the central system answered; a reserved connector takes
  // only its reservation's idTag or one of the same group (parentIdTag).
  if (!canStart(connector, ctx.isEmergency, idTag, parentIdTag)) return { outcome: 'noConnector' };
  const reservationId = connector.reservation?.reservationId;
  if (connector.car) {
    startTransaction(ctx, connector, idTag, reservationId);
    return { outcome: 'started', connectorId: connector.id, status };
  }
  awaitCable(ctx, connector, idTag, reservationId);
  return { outcome: 'awaitingCable', connectorId: connector.id, status };
}

/**
 * A plugged car waiting for authorization first, else a free connector; else one reserved for
 * a group the tag may belong to (Authorize tells).
 */
function pickConnector(ctx: StationContext, idTag: string): Connector | undefined {
  const usable = ctx.connectors.filter((c) => canStart(c, ctx.isEmergency, idTag));
  const reserved = ctx.connectors.filter((c) => canStart(c, ctx.isEmergency, idTag, 'unknown'));
  return usable.find((c) => c.car) ?? usable[0] ?? reserved.find((c) => c.car) ?? reserved[0];
}

async function authorize(
  ctx: StationContext,
  idTag: string,
): Promise<{ status: AuthorizationStatus; parentIdTag?: string }> {
  if (ctx.isOnline && ctx.isBooted) {
    // OCPP 1.6 §3.5.3 LocalPreAuthorize: an Accepted entry starts without waiting for Authorize.
    const listed = isListInUse(ctx.localList) ? lookUpTag(ctx, idTag) : undefined;
    if (ctx.localList.isPreAuthorize && listed?.status === 'Accepted') {
      ctx.log(`tag ${idTag} pre-authorized by the local list`);
      return listed;
    }
    try {
      const response = (await callCentral(ctx, 'Authorize', { idTag })) as OCPP16.AuthorizeResponse;
      const { status, parentIdTag } = response.idTagInfo;
      return parentIdTag === undefined ? { status } : { status, parentIdTag };
    } catch (error) {
      if (isRpcError(error)) return { status: 'Invalid' };
      // The socket broke while asking: decide as if offline.
    }
  }
  // OCPP 1.6 §3.5.3: offline, a list in use decides; a tag not on it is refused. The central
  // system learns of a start from the StartTransaction queued for the reconnect.
  if (isListInUse(ctx.localList)) {
    ctx.log(`tag ${idTag} decided offline by the local list`);
    return lookUpTag(ctx, idTag) ?? { status: 'Invalid' };
  }
  // LocalAuthorizeOffline without a list: any tag starts now.
  return { status: ctx.isOfflineStartAllowed ? 'Accepted' : 'Invalid' };
}
