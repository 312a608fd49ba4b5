import type { FastifyInstance } from 'fastify';
import { getVapidPublicKey, savePushToken } from '@evcharge/api/push/push';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import type { PushSender } from './sender';
import { saveDeviceToken, saveWebPushSubscription } from './repo';

export function pushRoutes(app: FastifyInstance, deps: Deps, push: PushSender): void {
  const { db, config } = deps;
  route(app, getVapidPublicKey, async () => ({ publicKey: push.publicKey }));
  route(app, savePushToken, async ({ auth, body }) => {
    if (body.subscription) {
      await saveWebPushSubscription(db, auth.user.id, body.subscription, {
        allowHttp: config.push.allowHttpEndpoints,
      });
    } else if (body.fcmToken) {
      await saveDeviceToken(db, auth.user.id, body.fcmToken);
    }
    return { ok: true as const };
  });
}
