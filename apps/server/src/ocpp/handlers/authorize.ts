import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';

// OCPP 1.6 §4.1: may this idTag charge here? The sessions module decides (an app start's
// idTag, or a driver's RFID tag by the rules of a start). A driver's tag carries the driver's
// parentIdTag, which a connector reserved for them accepts (OCPP 1.6 §5.13).
export const authorize: ActionHandler<OCPP16.AuthorizeRequest, OCPP16.AuthorizeResponse> = async (
  { deps, connection },
  { idTag },
) => ({ idTagInfo: await deps.events.authorize(connection, idTag) });
