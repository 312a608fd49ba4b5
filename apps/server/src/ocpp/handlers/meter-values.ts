import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';

// OCPP 1.6 §4.7: readings go to the sessions module; the answer is always empty.
export const meterValues: ActionHandler<
  OCPP16.MeterValuesRequest,
  OCPP16.MeterValuesResponse
> = async ({ deps, connection }, params) => {
  await deps.events.meterValues(connection, params);
  return {};
};
