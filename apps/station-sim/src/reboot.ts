// Reset (OCPP 1.6 §5.14): end the transactions, go down, come back and boot again.
import type { StationContext } from './context';
import { clearPendingStart, stopTransaction } from './transactions';

/** How long a reset waits for its StopTransactions to be delivered before going down. */
const drainTimeoutMs = 5000;

export async function reboot(
  ctx: StationContext,
  reason: 'SoftReset' | 'HardReset',
): Promise<void> {
  ctx.log(`reset: ${reason}`);
  for (const connector of ctx.connectors) {
    stopTransaction(ctx, connector, reason);
    clearPendingStart(ctx, connector);
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    ctx.outbox.drained(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, drainTimeoutMs);
    }),
  ]);
  clearTimeout(timer);
  ctx.clock.clear(ctx.timers.heartbeat);
  ctx.clock.clear(ctx.timers.bootRetry);
  ctx.isBooted = false;
  await ctx.connection.drop();
  if (!ctx.isClosed) await ctx.connection.open();
}
