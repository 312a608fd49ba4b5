// Debian's Chromium, headless, with the flags this machine needs (STACK.md): no sandbox as root,
// no GPU (WebGL through SwiftShader), and none of the background calls to outside hosts.
export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
