// What a person can do at a running simulator by typing on stdin.
import type { ChargePointErrorCode, Station, StationFaults } from './station';
import { describeFaults } from './faults';

export const consoleHelp = `commands (the station id may be left out when only one runs):
  status [id]                      connectors, status, power, energy, SoC
  plug [id] <connector> [soc%]     plug a car in
  unplug [id] <connector>
  tag [id] <idTag> [connector]     present an RFID tag (starts, or stops its own session)
  list [id]                        the local authorization list: version and entries
  stop [id] <connector>            the station's stop button
  emergency [id] | release [id]    the emergency button
  fault [id] <connector> [code]    e.g. GroundFailure, HighTemperature (default OtherError)
  clear [id] <connector>           clear the fault
  reject [id] on|off               answer every command with Rejected
  drop [id] | restore [id]         lose and regain the network
  reset-meter [id] <connector>     the energy register falls to 0 (a meter reset)
  jump-meter [id] <connector> <Wh> the energy register jumps ahead (a faulty meter)
  faults [id] [name=value …]       show or set faults: replayOrder=inOrder|meterValuesFirst|
                                   stopsFirst, meterValuesAfterStop=n, loseStopTransactions=n,
                                   loseStartTransactions=n, clockOffsetMs=ms`;

function pickStation(stations: Station[], words: string[]): Station {
  const byId = stations.find((s) => s.id === words[0]);
  if (byId) {
    words.shift();
    return byId;
  }
  if (stations.length === 1) return stations[0]!;
  throw new Error(`which station? one of ${stations.map((s) => s.id).join(', ')}`);
}

function connectorNumber(word: string | undefined): number {
  const number = Number(word);
  if (!Number.isInteger(number) || number < 1) throw new Error('give a connector number (1, 2, …)');
  return number;
}

function describe(station: Station): string {
  return (
    station
      .connectors()
      .map((c) => {
        const parts = [`${station.id} #${c.connectorId} ${c.status}`];
        if (c.errorCode !== 'NoError') parts.push(`(${c.errorCode}${c.info ? `, ${c.info}` : ''})`);
        parts.push(`${(c.powerW / 1000).toFixed(1)} kW`, `${(c.energyWh / 1000).toFixed(3)} kWh`);
        if (c.socPercent !== undefined) parts.push(`SoC ${Math.floor(c.socPercent)} %`);
        if (c.transactionId !== undefined) parts.push(`tx ${c.transactionId} (${c.idTag})`);
        return parts.join('  ');
      })
      .join('\n') +
    (station.isOnline()
      ? ''
      : `\n${station.id} offline, ${station.pendingMessages()} message(s) queued`)
  );
}

/** The local authorization list (OCPP 1.6 §3.5.3) as SendLocalList left it. */
function describeLocalList(station: Station): string {
  const { version, entries } = station.localList();
  if (version === -1) return `${station.id} local list not supported`;
  const lines = Object.entries(entries).map(
    ([idTag, entry]) =>
      `  ${idTag}  ${entry.status}${entry.expiryDate ? `  until ${entry.expiryDate}` : ''}${entry.parentIdTag ? `  parent ${entry.parentIdTag}` : ''}`,
  );
  return [`${station.id} local list version ${version}, ${lines.length} entries`, ...lines].join(
    '\n',
  );
}

/** `name=value` words as faults; numbers for every fault but replayOrder. */
function parseFaults(words: string[]): Partial<StationFaults> {
  return Object.fromEntries(
    words.map((word) => {
      const [name, value] = word.split('=');
      if (!name || value === undefined) throw new Error(`"${word}" is not name=value`);
      return [name, name === 'replayOrder' ? value : Number(value)];
    }),
  );
}

/** Runs one typed command; returns what to print. */
export async function runConsoleCommand(
  stations: Station[],
  line: string,
): Promise<string | undefined> {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const verb = words.shift();
  if (!verb) return undefined;
  if (verb === 'help') return consoleHelp;
  if (verb === 'status' && words.length === 0) return stations.map(describe).join('\n');
  if (verb === 'list' && words.length === 0) return stations.map(describeLocalList).join('\n');
  if (verb === 'faults' && words.length === 0)
    return stations.map((s) => `${s.id} ${describeFaults(s.faults())}`).join('\n');
  const station = pickStation(stations, words);
  switch (verb) {
    case 'status':
      return describe(station);
    case 'plug': {
      const soc = words[1] === undefined ? undefined : Number(words[1]);
      station.plug(connectorNumber(words[0]), soc === undefined ? undefined : { socPercent: soc });
      return undefined;
    }
    case 'unplug':
      station.unplug(connectorNumber(words[0]));
      return undefined;
    case 'tag': {
      if (!words[0]) throw new Error('give the tag');
      const result = await station.presentTag(
        words[0],
        words[1] === undefined ? undefined : connectorNumber(words[1]),
      );
      return `${station.id} tag ${words[0]}: ${JSON.stringify(result)}`;
    }
    case 'list':
      return describeLocalList(station);
    case 'stop':
      return station.stop(connectorNumber(words[0])) ? undefined : 'nothing to stop';
    case 'emergency':
      station.pressEmergency();
      return undefined;
    case 'release':
      station.releaseEmergency();
      return undefined;
    case 'fault':
      station.fault(connectorNumber(words[0]), (words[1] ?? 'OtherError') as ChargePointErrorCode);
      return undefined;
    case 'clear':
      station.clearFault(connectorNumber(words[0]));
      return undefined;
    case 'reject':
      station.setRejectCommands(words[0] !== 'off');
      return undefined;
    case 'drop':
      await station.dropConnection();
      return undefined;
    case 'restore':
      await station.restore();
      return undefined;
    case 'reset-meter':
      station.resetMeter(connectorNumber(words[0]));
      return undefined;
    case 'jump-meter':
      station.jumpMeter(connectorNumber(words[0]), Number(words[1]));
      return undefined;
    case 'faults':
      if (words.length > 0) station.setFaults(parseFaults(words));
      return `${station.id} ${describeFaults(station.faults())}`;
    default:
      throw new Error(`unknown command "${verb}"; type help`);
  }
}
