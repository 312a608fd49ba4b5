import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor, within } from '@testing-library/react';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { buildCharge } from '@/test/charge-builders';
import { SessionAnnouncer } from './session-announcer';

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['charging']);
});

afterEach(cleanup);

function follow(first: Charge) {
  const view = render(<SessionAnnouncer charge={first} />);
  const region = within(view.container).getByRole('status');
  return { region, update: (charge: Charge) => view.rerender(<SessionAnnouncer charge={charge} />) };
}

describe('SessionAnnouncer', () => {
  it('is a polite live region, silent when the screen opens on a running session', () => {
    const { region } = follow(buildCharge());
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
  });

  it('says the start when the screen opens on a session that started moments ago', async () => {
    const { region } = follow(buildCharge({ status: 'charging', startedAt: new Date(Date.now() - 5_000).toISOString() }));
    expect(region.textContent).toBe('');
    await waitFor(() => expect(region.textContent).toBe('Charging has started.'));
    // Stamped by a station whose clock runs ahead: still just started.
    const ahead = follow(buildCharge({ status: 'charging', startedAt: new Date(Date.now() + 90_000).toISOString() }));
    await waitFor(() => expect(ahead.region.textContent).toBe('Charging has started.'));
  });

  it('announces the changes of state and not the meter’s readings', () => {
    const { region, update } = follow(buildCharge({ status: 'preparing', energyWh: 0, powerW: null }));
    update(buildCharge({ status: 'charging', energyWh: 120, powerW: 48_000 }));
    expect(region.textContent).toBe('Charging has started.');
    update(buildCharge({ status: 'charging', energyWh: 900, powerW: 47_500, costMinor: 9_000 }));
    expect(region.textContent).toBe('Charging has started.');
    update(buildCharge({ status: 'suspendedev', energyWh: 900, powerW: 0 }));
    expect(region.textContent).toBe('The car has paused charging.');
    update(buildCharge({ status: 'charging', energyWh: 950 }));
    expect(region.textContent).toBe('Charging has resumed.');
    update(buildCharge({ status: 'success', stopReason: 'limit' }));
    expect(region.textContent).toBe('Your limit is reached: charging has finished.');
    // Parked and then closed: the end was said once.
    update(buildCharge({ status: 'parking', stopReason: 'limit' }));
    expect(region.textContent).toBe('Your limit is reached: charging has finished.');
  });

  it('says when the driver stopped, when charging finished and when the station reports a fault', () => {
    const stopped = follow(buildCharge());
    stopped.update(buildCharge({ status: 'finishing', stopReason: 'driver' }));
    expect(stopped.region.textContent).toBe('Charging has stopped.');

    const full = follow(buildCharge());
    full.update(buildCharge({ status: 'success', stopReason: 'full' }));
    expect(full.region.textContent).toBe('Charging has finished.');

    const faulted = follow(buildCharge());
    const charge = buildCharge();
    faulted.update({ ...charge, connector: { ...charge.connector, status: 'faulted' } });
    expect(faulted.region.textContent).toBe('The station reports a fault: charging has stopped.');
  });

  it('stays silent when the driver switches to another session', () => {
    const { region, update } = follow(buildCharge({ transactionId: 7, status: 'charging' }));
    update(buildCharge({ transactionId: 8, status: 'suspendedevse' }));
    expect(region.textContent).toBe('');
  });
});
