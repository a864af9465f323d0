#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster, then deletes the cluster.
# - uses Debian's postgresql (/usr/lib/postgresql/<ver>/bin); installs it with apt-get when missing;
# - initdb in a temporary directory as the `postgres` user, on a free loopback port, Unix socket in the same dir;
# - creates the database `balcao_test` and runs "$@" with DATABASE_CLIENT=postgres and the DATABASE_* variables
#   pointing at it; exits with the command's exit code.
# Used by `npm run test:pg` (scripts/test-postgres.sh) and `npm run bench:api` (bench/api-bench.js).
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN="$(find_bin || true)"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "[pg] installing Debian postgresql..."
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

"${AS_PG[@]}" "$PGBIN/initdb" -D "$PGTMP/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/pg.log" -w \
  -o "-p $PORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 ${PG_EXTRA_OPTS:-}" start >/dev/null
"${AS_PG[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres balcao_test
echo "[pg] PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT ($PGTMP)"

set +e
DATABASE_CLIENT=postgres DATABASE_HOST=127.0.0.1 DATABASE_PORT="$PORT" DATABASE_NAME=balcao_test \
  DATABASE_USERNAME=postgres DATABASE_PASSWORD=postgres DATABASE_SSL=false \
  "$@"
status=$?
set -e
exit $status
