import type { z } from 'zod';
import { commandResponse, type CommandType } from '@evcharge/api/ocpi/types';
import { callOcpi } from './client';
import { bodySchemas } from './commands';
import { emspBase, type PeerDeps } from './context';
import { partyOf } from './credentials';

// The peer as eMSP sending a command to the partner's Commands RECEIVER (OCPI 2.2.1 §13.2.2):
// its drivers at the partner's stations. The CommandResponse comes back at once; the
// CommandResult arrives later at the response_url, /ocpi/emsp/2.2.1/commands/{command}/{id}
// (kept in store.commandResults).

export type CommandBody<C extends CommandType> = Omit<
  z.input<(typeof bodySchemas)[C]>,
  'response_url'
>;

export async function sendCommand<C extends CommandType>(
  deps: PeerDeps,
  command: C,
  body: CommandBody<C>,
) {
  const partner = deps.store.partner;
  const endpoint = partner?.endpoints.find(
    (e) => e.identifier === 'commands' && e.role === 'RECEIVER',
  );
  if (!partner || !endpoint) throw new Error('The partner has no Commands RECEIVER endpoint');
  deps.store.commandCount += 1;
  const id = String(deps.store.commandCount);
  const responseUrl = `${deps.config.publicUrl}${emspBase}/commands/${command}/${id}`;
  const answer = await callOcpi(
    deps,
    {
      method: 'POST',
      url: `${endpoint.url.replace(/\/$/, '')}/${command}`,
      token: partner.tokenToCallThem,
      to: partyOf(partner, 'CPO'),
      body: { schema: bodySchemas[command], value: { ...body, response_url: responseUrl } },
    },
    commandResponse,
  );
  return { id, responseUrl, response: answer.data };
}
