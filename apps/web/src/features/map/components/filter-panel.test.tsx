import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '@/test/render';
import { defaultFilter } from '../model/filter';
import { applyFilter } from '../model/filter-store';
import { FilterPanel } from './filter-panel';

// The applied filter lives in memory too; every test starts from the default.
beforeEach(() => applyFilter(defaultFilter));

function apply() {
  return screen.getByTestId('filter-apply') as HTMLButtonElement;
}

describe('FilterPanel', () => {
  it('refuses to apply with no connector type and says so (SPEC §5)', async () => {
    const onDone = vi.fn();
    await renderScreen(<FilterPanel onDone={onDone} />);
    await userEvent.click(screen.getByTestId('filter-connectors-none'));
    expect(screen.getByTestId('filter-connectors-error').textContent).toContain('No connector types chosen');
    expect(apply().disabled).toBe(true);

    await userEvent.click(screen.getByTestId('filter-connector-ccs2'));
    expect(screen.queryByTestId('filter-connectors-error')).toBeNull();
    expect(apply().disabled).toBe(false);
  });

  it('remembers the applied filter and returns to the map', async () => {
    const onDone = vi.fn();
    await renderScreen(<FilterPanel onDone={onDone} />);
    await userEvent.click(screen.getByTestId('filter-connectors-none'));
    await userEvent.click(screen.getByTestId('filter-connector-ccs2'));
    await userEvent.click(screen.getByTestId('filter-connector-chademo'));
    await userEvent.click(screen.getByRole('radio', { name: /≥ 50 kW/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Within 10 km' }));
    await userEvent.click(screen.getByTestId('filter-roaming'));
    await userEvent.click(apply());

    expect(onDone).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('stationFilter')!)).toEqual({
      connectorTypes: ['ccs2', 'chademo'], minPowerKw: 50, maxPowerKw: null, radiusKm: 10,
      includeRestricted: true, includeRoaming: false, onlyAvailable: false,
    });
  });

  it('checks a custom power range and resets to the defaults', async () => {
    await renderScreen(<FilterPanel onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('radio', { name: /Custom range/ }));
    await userEvent.type(screen.getByTestId('filter-power-min'), '150');
    await userEvent.type(screen.getByTestId('filter-power-max'), '50');
    expect(screen.getByText('The upper limit must not be below the lower one')).toBeTruthy();
    expect(apply().disabled).toBe(true);

    await userEvent.click(screen.getByTestId('filter-reset'));
    expect(apply().disabled).toBe(false);
    expect((screen.getByRole('radio', { name: /Any power/ }) as HTMLInputElement).checked).toBe(true);
  });
});
