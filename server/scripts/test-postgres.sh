#!/usr/bin/env bash
# Runs the server test suite against a throw-away PostgreSQL cluster:
# scripts/with-postgres.sh starts the cluster, `vitest run` runs with DATABASE_CLIENT=postgres, then
# the cluster is stopped and deleted. Extra arguments are passed to vitest (e.g. a test file).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
set +e
bash scripts/with-postgres.sh npx vitest run "$@"
status=$?
set -e
echo "[test:pg] finished in $(( $(date +%s) - start )) s with exit code $status"
exit $status
