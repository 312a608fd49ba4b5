export { phoneRoutes } from './routes';
export { allowedPhone } from './service';
export { requireConfirmedPhone } from './guard';
export { receiveInboundSms } from './inbound';
