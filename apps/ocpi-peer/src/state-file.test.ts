import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from './peer';
import { readRegistration, restoreRegistration, writeRegistration } from './state-file';
import { startRig, type Rig } from './test/rig';
import { ocpiRequest } from './test/counterpart';

let rig: Rig | undefined;
let peer: Peer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await rig?.stop();
  await peer?.close();
  rig = undefined;
  peer = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ocpi-peer-state-'));
  dirs.push(dir);
  return join(dir, 'state.json');
}

describe('the registration kept across a restart (OCPI 2.2.1 §7.2.1)', () => {
  it('a restarted peer still takes the token the party was given, and token A stays spent', async () => {
    rig = await startRig();
    const theirs = await rig.other.registerWith(
      rig.peer.versionsUrl,
      rig.peer.config.registrationToken,
    );
    const file = stateFile();
    writeRegistration(file, rig.peer.store);

    peer = await startPeer();
    const kept = readRegistration(file);
    expect(kept).toEqual(rig.peer.store.partner);
    restoreRegistration(peer.store, kept!);
    expect((await ocpiRequest('GET', peer.versionsUrl, theirs.token)).status).toBe(200);
    expect((await ocpiRequest('GET', peer.versionsUrl, peer.config.registrationToken)).status).toBe(
      401,
    );
  });

  it('reads nothing from a missing, damaged or empty file', () => {
    const file = stateFile();
    expect(readRegistration(file)).toBeUndefined();
    writeFileSync(file, '{"partner":');
    expect(readRegistration(file)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ partner: null }));
    expect(readRegistration(file)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ partner: { versionsUrl: 'x' } }));
    expect(readRegistration(file)).toBeUndefined();
  });
});
