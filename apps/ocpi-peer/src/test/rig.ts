import { startPeer, type Peer, type PeerOptions } from '../peer';
import { startCounterpart, type Counterpart } from './counterpart';

// A peer and its counterpart on 127.0.0.1, with a clock the test moves by hand.

export type Rig = {
  peer: Peer;
  other: Counterpart;
  clock: { now: Date; advance(ms: number): void };
  stop(): Promise<void>;
};

export async function startRig(options: PeerOptions = {}): Promise<Rig> {
  const clock = {
    now: new Date('2026-03-02T10:00:00Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const peer = await startPeer({ clock: () => clock.now, ...options });
  const other = await startCounterpart();
  return {
    peer,
    other,
    clock,
    async stop() {
      await peer.close();
      await other.close();
    },
  };
}
