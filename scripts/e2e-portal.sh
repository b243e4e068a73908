#!/usr/bin/env bash
# Builds the portal (unless E2E_SKIP_BUILD=1 and a build exists) and serves it for the e2e suite.
set -euo pipefail
port="${1:-3100}"
export NEXT_TELEMETRY_DISABLED=1
if [ "${E2E_SKIP_BUILD:-}" != "1" ] || [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ]; then
  npx next build >"/tmp/e2e-next-build-${port}.log" 2>&1 || { cat "/tmp/e2e-next-build-${port}.log" >&2; exit 1; }
fi
exec npx next start -p "$port" -H 127.0.0.1
