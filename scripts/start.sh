#!/usr/bin/env bash
# npm start: install what is missing, build the web app, and run the server with the embedded
# database (PGlite in ./data) and demo data on http://localhost:8080 (PORT to change).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run build -w @evcharge/web
exec npm run start -w @evcharge/server
