#!/usr/bin/env bash
# Starts a PostgreSQL for the tests of `ponyccg serve --store postgres://…` and prints its
# URL on stdout (everything else goes to stderr). Idempotent: installs PostgreSQL only when
# it is missing, makes the cluster only once, and starts it only when it is not running.
# Loopback only, trust authentication: a throwaway database for tests, never for games.
set -euo pipefail
PORT="${PONYCCG_PG_PORT:-54329}"
DIR="${PONYCCG_PG_DIR:-/tmp/ponyccg-postgres-$PORT}"
bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(bin)" ]; then
    { apt-get install -y -q postgresql || { apt-get update -q && apt-get install -y -q postgresql; }; } >&2
fi
BIN="$(bin)"
[ -n "$BIN" ] || { echo "postgres.sh: PostgreSQL did not install" >&2; exit 1; }
# The server refuses to run as root: the cluster belongs to the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
if [ ! -f "$DIR/PG_VERSION" ]; then
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres: "$DIR"
    as_pg "'$BIN/initdb' -D '$DIR' -U postgres --auth=trust -E UTF8 --no-sync" >&2
fi
if ! as_pg "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1; then
    as_pg "'$BIN/pg_ctl' -D '$DIR' -l '$DIR/log' -w -o \"-c listen_addresses=127.0.0.1 -p $PORT -k '$DIR'\" start" >&2
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
