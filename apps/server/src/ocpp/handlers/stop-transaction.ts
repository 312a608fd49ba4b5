import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';

// OCPP 1.6 §4.10: the sessions module ends charging (parking or final) and answers.
export const stopTransaction: ActionHandler<
  OCPP16.StopTransactionRequest,
  OCPP16.StopTransactionResponse
> = async ({ deps, connection }, params) => deps.events.stopTransaction(connection, params);
