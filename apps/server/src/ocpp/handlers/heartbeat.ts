import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';

// OCPP 1.6 §4.6: the charge point's clock follows ours. Every message, this one included,
// already counts as a sign of life (presence.ts noteSeen, called for each call).
export const heartbeat: ActionHandler<
  OCPP16.HeartbeatRequest,
  OCPP16.HeartbeatResponse
> = async () => ({ currentTime: new Date().toISOString() });
