import { presentDemoTag } from '@evcharge/api/dev/present-demo-tag';
import {
  cancelRfidBinding,
  checkRfidConnector,
  createRfidTag,
  RFID_POLL_SECONDS,
  subscribeRfid,
  type RfidBinding,
  type RfidTag,
} from '@evcharge/api/rfid/rfid';
import { findByQrCode } from '@evcharge/api/stations/find-by-qr';
import { apiRequest } from '@/lib/api-client';

// SPEC §7 RFID: the wizard's requests. POST /rfid/check_connector opens a binding at a
// connector, GET /rfid/subscribe/{binding}/{version} long-polls its next step, POST /rfid
// confirms the tag read, DELETE /rfid/binding/{id} lets the reader go.

/** The server holds a poll up to RFID_POLL_SECONDS; the client gives it that and a margin. */
const POLL_REQUEST_TIMEOUT_MS = (RFID_POLL_SECONDS + 15) * 1000;

export function startBinding(connectorId: string): Promise<RfidBinding> {
  return apiRequest(checkRfidConnector, { body: { connectorId } });
}

export function fetchBinding(bindingId: string, cursor: number, signal: AbortSignal): Promise<RfidBinding> {
  return apiRequest(subscribeRfid, {
    params: { bindingId, cursor },
    query: { wait: RFID_POLL_SECONDS },
    signal,
    timeoutMs: POLL_REQUEST_TIMEOUT_MS,
  });
}

export function cancelBinding(bindingId: string): Promise<RfidBinding> {
  return apiRequest(cancelRfidBinding, { params: { id: bindingId } });
}

export function confirmBinding(bindingId: string, name: string): Promise<RfidTag> {
  return apiRequest(createRfidTag, { body: { bindingId, name } });
}

/** Demo only: the simulated station reads a random tag as if one were touched to it. */
export async function touchDemoTag(bindingId: string): Promise<void> {
  await apiRequest(presentDemoTag, { params: { bindingId }, body: {} });
}

/** SPEC §7 GET /chargestation/find/qrCode/{code}: the connector behind the code on its sticker. */
export function findConnectorByCode(code: string) {
  return apiRequest(findByQrCode, { params: { code } });
}
