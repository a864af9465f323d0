#!/usr/bin/env bash
# Runs the server test suite against a throw-away PostgreSQL cluster (issue 2 "Tests and figures").
# - uses Debian's postgresql (/usr/lib/postgresql/<ver>/bin); installs it with apt-get when missing;
# - initdb in a temporary directory as the `postgres` user, on a free port, Unix socket in the same dir;
# - creates the database, runs `vitest run` with DATABASE_CLIENT=postgres, then stops and deletes the cluster.
# Extra arguments are passed to vitest (e.g. a test file).
set -euo pipefail
cd "$(dirname "$0")/.."

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN="$(find_bin || true)"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "[test:pg] installing Debian postgresql..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
  PGBIN="$(find_bin)"
fi

# Run cluster commands as the postgres user when we are root (initdb refuses root).
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql postgres
  AS_PG=(runuser -u postgres --)
else
  AS_PG=()
fi

PGTMP="$(mktemp -d /tmp/balcao-pg.XXXXXX)"
chmod 755 "$PGTMP"
[ "$(id -u)" -eq 0 ] && chown postgres "$PGTMP"
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGTMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGTMP"
}
trap cleanup EXIT INT TERM

start=$(date +%s)
"${AS_PG[@]}" "$PGBIN/initdb" -D "$PGTMP/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/pg.log" -w \
  -o "-p $PORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100" start >/dev/null
"${AS_PG[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres balcao_test
echo "[test:pg] PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT ($PGTMP)"

set +e
DATABASE_CLIENT=postgres DATABASE_HOST=127.0.0.1 DATABASE_PORT="$PORT" DATABASE_NAME=balcao_test \
  DATABASE_USERNAME=postgres DATABASE_PASSWORD=postgres DATABASE_SSL=false \
  npx vitest run "$@"
status=$?
set -e
echo "[test:pg] finished in $(( $(date +%s) - start )) s with exit code $status"
exit $status
