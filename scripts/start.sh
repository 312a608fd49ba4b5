#!/usr/bin/env bash
# npm start: install what is missing, build the web app and the staff console (/admin/), and
# run the server with the embedded database (PGlite in ./data) and demo data on
# http://localhost:8080 (PORT to change).
# With demo data the simulator (apps/station-sim) plays the demo stations' charge points over
# OCPP, so their connectors are live; DEMO_CHARGE_POINTS=false leaves them to you.
# Roaming: the partner operator (apps/ocpi-peer, NordCharge in Helsinki and Tallinn) runs beside
# the server on 127.0.0.1:$PEER_PORT (8095) and the server registers with it over OCPI 2.2.1
# (OCPI_REGISTER_WITH), so its stations are on the map; ROAMING_DEMO=false leaves it out, and
# an OCPI_REGISTER_WITH of your own replaces it.
set -euo pipefail
cd "$(dirname "$0")/.."
# A demo on this machine: mail and SMS codes go to the outbox at /dev/outbox (readable by anyone
# who reaches the server). The server says so in its log; NODE_ENV=production refuses it.
export DEMO_MODE=true
# The second demo brand on its own host name (browsers take *.localhost to this machine):
# http://volt.localhost:8080/. Set BRAND_HOSTS= (empty) to serve the demo brand alone.
export BRAND_HOSTS="${BRAND_HOSTS-volt.localhost=volt}"
bash scripts/ensure-deps.sh
npm run build -w @evcharge/web
npm run build -w @evcharge/console

port="${PORT:-8080}"
list="$(mktemp -t evcharge-demo-charge-points.XXXXXX)"
count=0
if [ "${DEMO_CHARGE_POINTS:-true}" = "true" ]; then
  # Before the server: the embedded database takes one process at a time.
  npm run --silent demo-charge-points -w @evcharge/server -- "$list"
  count="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).length)' "$list")"
fi

peer=""
sim=""
server=""
stop() {
  [ -n "$sim" ] && kill "$sim" 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  [ -n "$peer" ] && kill "$peer" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -f "$list"
}
trap stop EXIT INT TERM

if [ "${ROAMING_DEMO:-true}" = "true" ] && [ -z "${OCPI_REGISTER_WITH:-}" ]; then
  export PEER_PORT="${PEER_PORT:-8095}"
  peer_token="${PEER_REGISTRATION_TOKEN:-nordcharge-registration-token-a}"
  # The partner keeps its registration beside the embedded database, which keeps ours: after a
  # restart both sides still know each other's credentials (OCPI 2.2.1 §7.2.1).
  if [ -z "${DATABASE_URL:-}" ] && [ -z "${PEER_STATE_FILE:-}" ]; then
    case "${DATA_DIR:-}" in
      "") data_dir="$(pwd)/data" ;;
      /*) data_dir="$DATA_DIR" ;;
      *) data_dir="$(pwd)/apps/server/$DATA_DIR" ;; # the server resolves it from its workspace
    esac
    mkdir -p "$data_dir"
    export PEER_STATE_FILE="$data_dir/ocpi-peer-registration.json"
  fi
  # Sessions there count their energy every few seconds of the real clock: a lively demo.
  PEER_TICK_SECONDS="${PEER_TICK_SECONDS:-5}" npm run --silent start -w @evcharge/ocpi-peer &
  peer=$!
  # The server registers at start and asks again every 10 s until the partner answers; the
  # partner reaches our OCPI endpoints on this machine whatever PUBLIC_URL says.
  export OCPI_REGISTER_WITH="http://127.0.0.1:${PEER_PORT}/ocpi/versions ${peer_token}"
  export OCPI_PUBLIC_URL="${OCPI_PUBLIC_URL:-http://127.0.0.1:${port}}"
fi

npm run start -w @evcharge/server &
server=$!
if [ "$count" = "0" ]; then
  wait "$server"
  exit $?
fi

# The simulator connects once the server answers; if the server stops first, so does this.
until curl -fsS "http://127.0.0.1:${port}/ready" >/dev/null 2>&1; do
  kill -0 "$server" 2>/dev/null || exit 1
  sleep 1
done
npm run --silent sim -w @evcharge/station-sim -- \
  --url "ws://127.0.0.1:${port}/ocpp" --stations "$list" --quiet &
sim=$!
wait "$server"
