/* global self, URL */
// Web Push in the service worker, imported by the one vite-plugin-pwa generates
// (pwa.config.ts `importScripts`). The server sends { title, body, tag, url } encrypted for
// this browser (apps/server/src/modules/push/sender.ts); a tap opens the notification's screen.

const appPath = (url) =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/events';

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || self.location.hostname, {
      body: message.body || '',
      tag: message.tag,
      icon: '/icon.svg',
      data: { url: appPath(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(
    appPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  ).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        try {
          await open.focus();
          await open.navigate(url);
          return;
        } catch {
          // Not ours to steer (uncontrolled): open a window instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
