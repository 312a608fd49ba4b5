export { pushRoutes } from './routes';
export { createPushSender, type PushSender } from './sender';
export { resolveVapid } from './vapid';
