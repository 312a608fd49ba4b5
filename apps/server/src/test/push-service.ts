import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on 127.0.0.1 for the Web Push tests, and a browser's side of a subscription:
// its keys, and the decryption of what arrives (RFC 8291, aes128gcm of RFC 8188).

export type PushRequest = { path: string; headers: Record<string, string>; body: Buffer };

export type TestPushService = {
  origin: string;
  requests: PushRequest[];
  /** The status the service answers a path with (201 unless set). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
};

export async function startPushService(): Promise<TestPushService> {
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({
        path,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks),
      });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answer: (path, status) => void statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys: the P-256 pair and the 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
  };
}

/** What the browser reads from an aes128gcm push message (one record). */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const secret = keys.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks a VAPID Authorization header (RFC 8292) against the public key; its claims. */
export function vapidClaims(header: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt = '', key = ''] = match;
  if (key !== publicKey) throw new Error('the header names another public key');
  const [head = '', payload = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
