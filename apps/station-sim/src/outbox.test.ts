import { describe, expect, it } from 'vitest';
import { createOutbox, TRANSACTION_MESSAGE_ATTEMPTS, type OutboxItem } from './outbox';

const refusal = () => Object.assign(new Error('InternalError'), { rpcErrorCode: 'InternalError' });

function outboxAnswering(answers: ((action: string) => unknown)[]) {
  const sent: string[] = [];
  const outbox = createOutbox({
    canSend: () => true,
    call: async (action) => {
      sent.push(action);
      const answer = answers.shift() ?? (() => ({}));
      return answer(action);
    },
    log: () => {},
    retryDelayMs: 1,
  });
  return { outbox, sent };
}

const message = (
  action: string,
  isTransactionMessage: boolean,
  results: unknown[],
): OutboxItem => ({
  action,
  isTransactionMessage,
  build: () => ({}),
  onResult: (result) => results.push(result),
});

describe('the outbox', () => {
  it('tries a refused transaction message again and delivers it in order', async () => {
    const throwRefusal = () => {
      throw refusal();
    };
    const { outbox, sent } = outboxAnswering([throwRefusal, throwRefusal, () => ({ ok: 1 })]);
    const results: unknown[] = [];
    outbox.push(message('StopTransaction', true, results));
    outbox.push(message('StatusNotification', false, results));
    await outbox.drained();
    expect(sent).toEqual([
      'StopTransaction',
      'StopTransaction',
      'StopTransaction',
      'StatusNotification',
    ]);
    expect(results).toEqual([{ ok: 1 }, {}]);
  });

  it(`drops a transaction message refused ${TRANSACTION_MESSAGE_ATTEMPTS} times, and others at once`, async () => {
    const throwRefusal = () => {
      throw refusal();
    };
    const { outbox, sent } = outboxAnswering(Array.from({ length: 10 }, () => throwRefusal));
    const results: unknown[] = [];
    outbox.push(message('MeterValues', true, results));
    outbox.push(message('Heartbeat', false, results));
    await outbox.drained();
    expect(sent).toEqual([
      ...Array.from({ length: TRANSACTION_MESSAGE_ATTEMPTS }, () => 'MeterValues'),
      'Heartbeat',
    ]);
    expect(results).toEqual([]);
  });
});
