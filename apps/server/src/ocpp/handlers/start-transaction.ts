import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';

// OCPP 1.6 §4.8: the sessions module attaches the transaction to the app's session or starts
// one for a driver's tag, and answers.
export const startTransaction: ActionHandler<
  OCPP16.StartTransactionRequest,
  OCPP16.StartTransactionResponse
> = async ({ deps, connection }, params) => deps.events.startTransaction(connection, params);
