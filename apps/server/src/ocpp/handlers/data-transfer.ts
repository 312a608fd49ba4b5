import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';

// OCPP 1.6 §4.3: we take no vendor extensions.
export const dataTransfer: ActionHandler<
  OCPP16.DataTransferRequest,
  OCPP16.DataTransferResponse
> = async ({ connection }, { vendorId, messageId }) => {
  connection.log.info({ vendorId, messageId }, 'OCPP DataTransfer from an unknown vendor');
  return { status: 'UnknownVendorId' };
};
