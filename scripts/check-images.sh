#!/usr/bin/env bash
# Keeps the Dockerfiles honest where `docker build` cannot run: lays out what each image's final stage copies, the
# way it copies it, and starts each one with its CMD and environment. Then checks health and readiness, a page
# through the portal, the request id in the Platform API's JSON log, and a clean stop on SIGTERM.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d)"
api_port="${CHECK_API_PORT:-4700}"
portal_port="${CHECK_PORTAL_PORT:-3700}"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

secret() { node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('base64url'))"; }
export SESSION_SECRET="$(secret)" AUTOLOGIN_SECRET="$(secret)" JWT_SECRET="$(secret)" APP_API_KEY="$(secret)" \
  PAYMENT_WEBHOOK_SECRET="$(secret)" SETTINGS_SECRET="$(secret)" NEXT_TELEMETRY_DISABLED=1

wait_for() { # url seconds
  for _ in $(seq 1 "$2"); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 1; done
  echo "no answer from $1" >&2
  return 1
}

echo "== Platform API image (upstream/Dockerfile): package.json, tsconfig.json, contract, runtime, upstream/src =="
mkdir -p "$work/api/upstream"
cp package.json tsconfig.json "$work/api/"
cp -r contract runtime "$work/api/"
cp -r upstream/src "$work/api/upstream/src"
ln -s "$root/node_modules" "$work/api/node_modules"
db="${CHECK_DATABASE_URL:-$work/pglite}"
# compose.yaml's migrate service, then the API's CMD with the image's environment.
(cd "$work/api" && NODE_ENV=production DATABASE_URL="$db" node --import tsx upstream/src/db/migrate-cli.ts)
(cd "$work/api" && exec env NODE_ENV=production HOST=127.0.0.1 PORT="$api_port" LOG_FORMAT=json LOG_REQUESTS=1 MIGRATE_ON_START=0 \
  DATABASE_URL="$db" IMAGE_STORE="$work/images" SEED_ORDERS=300 SEED_PARCELS=30 SEED_MEMBERS=50 SEED_BIKERS=10 \
  node --import tsx upstream/src/server.ts >"$work/api.log" 2>&1) &
api_pid=$!
pids+=("$api_pid")
wait_for "http://127.0.0.1:$api_port/api/ready" 120

echo "== portal image (Dockerfile): NEXT_OUTPUT=standalone build, .next/standalone + .next/static =="
NEXT_OUTPUT=standalone NEXT_DIST_DIR=.next npx next build >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
mkdir -p "$work/portal"
cp -r .next/standalone/. "$work/portal/"
mkdir -p "$work/portal/.next" && cp -r .next/static "$work/portal/.next/static"
(cd "$work/portal" && exec env NODE_ENV=production HOSTNAME=127.0.0.1 PORT="$portal_port" LOG_FORMAT=json \
  UPSTREAM_API_URL="http://127.0.0.1:$api_port" COOKIE_SECURE=false node server.js >"$work/portal.log" 2>&1) &
portal_pid=$!
pids+=("$portal_pid")
wait_for "http://127.0.0.1:$portal_port/api/health" 60

echo "== checks =="
curl -fsS "http://127.0.0.1:$portal_port/api/ready" | grep -q '"status":true'
curl -fsS -o /dev/null "http://127.0.0.1:$portal_port/auth/login"
curl -fsS -H 'x-request-id: image-check-1' "http://127.0.0.1:$api_port/api/health" -o /dev/null
# The API writes JSON lines, the request id among them, and never a bearer token.
grep -q '"reqId":"image-check-1"' "$work/api.log"
if grep -qi 'bearer ' "$work/api.log"; then echo "a token reached the API's log" >&2; exit 1; fi
node -e "for (const l of require('node:fs').readFileSync('$work/api.log','utf8').trim().split('\n')) JSON.parse(l)"

echo "== SIGTERM: both stop cleanly =="
kill -TERM "$portal_pid" "$api_pid"
for pid in "$portal_pid" "$api_pid"; do
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  if kill -0 "$pid" 2>/dev/null; then echo "process $pid did not stop within 15 s" >&2; exit 1; fi
done
grep -q '"msg":"\[api\] stopped"' "$work/api.log"
echo "The images' layouts start, answer and stop as their Dockerfiles say."
