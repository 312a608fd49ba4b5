import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { registerChargePoint, RegistrationError } from './register';

// npm run register-charge-point -w @evcharge/server -- --id CP-1 --password secret --station MOW-00007
// Creates (or updates) a charge point in the configured database, password stored hashed.
// --replace removes the station's other charge point (each demo station has one).
// --private-secret <secret>: a private station (SPEC §1) that waits unclaimed until a driver
// adds it in the app by its station code and this secret, printed beside the code.
const { values } = parseArgs({
  options: {
    id: { type: 'string' },
    password: { type: 'string' },
    station: { type: 'string' },
    replace: { type: 'boolean', default: false },
    'private-secret': { type: 'string' },
  },
});
if (!values.id || !values.password || !values.station) {
  console.error(
    'Usage: npm run register-charge-point -w @evcharge/server -- --id <chargePointId> --password <password> --station <station code or uuid> [--replace] [--private-secret <secret>]',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await database.migrate();
  const registered = await registerChargePoint(database.db, {
    id: values.id,
    password: values.password,
    station: values.station,
    replace: values.replace,
    privateSecret: values['private-secret'],
  });
  const wsUrl = config.publicUrl.replace(/^http/, 'ws');
  console.log(
    `${registered.isNew ? 'Registered' : 'Updated'} charge point ${registered.id} for station ${registered.stationCode}.`,
  );
  console.log(
    `It connects to ${wsUrl}/ocpp/${registered.id} (subprotocol ocpp1.6, HTTP Basic ${registered.id}:<password>).`,
  );
  if (registered.isUnclaimedPrivate) {
    console.log(
      `Station ${registered.stationCode} is a private station waiting to be added: print its code and the secret beside it.`,
    );
  }
  for (const c of registered.connectors) {
    console.log(`  connectorId ${c.number}: ${c.socketType}, ${c.powerW / 1000} kW`);
  }
  if (values.password.length < 16) {
    console.warn(
      'Warning: the OCPP security whitepaper asks for passwords of 16 to 40 characters.',
    );
  }
} catch (error) {
  if (!(error instanceof RegistrationError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
