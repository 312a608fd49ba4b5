import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';
import { checkIdTag } from '../transactions/id-tags';

// OCPP 1.6 §4.1: may this idTag charge here? Answers the tag's status.
export const authorize: ActionHandler<OCPP16.AuthorizeRequest, OCPP16.AuthorizeResponse> = async (
  { deps },
  { idTag },
) => {
  const verdict = await checkIdTag(deps.db, idTag);
  return { idTagInfo: { status: verdict.status } };
};
