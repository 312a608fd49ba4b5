import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';
import { checkIdTag } from '../../modules/sessions/id-tags';
import { authorizeTag } from '../../modules/sessions/tag-start';

// OCPP 1.6 §4.1: may this idTag charge here? The idTag of an app start while its session
// waits is Accepted; a driver's RFID tag is decided by the rules of a start (tag-start.ts).
export const authorize: ActionHandler<OCPP16.AuthorizeRequest, OCPP16.AuthorizeResponse> = async (
  { deps, connection },
  { idTag },
) => {
  const verdict = await checkIdTag(deps.db, idTag);
  if (verdict.status === 'Accepted' && verdict.rfidTagId === null) return { idTagInfo: { status: 'Accepted' } };
  return { idTagInfo: { status: await authorizeTag(deps, connection.stationId, idTag) } };
};
