# Sourced by scripts/test and scripts/bench: starts a throwaway PostgreSQL
# (installing Debian's package if missing) and exports its URL as
# $PG_URL; stops and deletes it when the calling script exits.
#   PG_FSYNC=off  for fast tests; leave it on for benchmarks.

pg_bin() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; fi
}

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

PGBIN=$(pg_bin)
if [ -z "$PGBIN" ]; then
  echo "== installing PostgreSQL (Debian packages)"
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PGBIN=$(pg_bin)
fi
[ -n "$PGBIN" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }

# initdb refuses to run as root: use the postgres account then.
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  as_pg=(runuser -u postgres --)
fi

PGDIR=$(mktemp -d /tmp/xfiles-pg.XXXXXX)
PGPORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 55432)
if [ "$(id -u)" -eq 0 ]; then chown postgres "$PGDIR"; fi
chmod 700 "$PGDIR"
stop_pg() { "${as_pg[@]}" "$PGBIN/pg_ctl" -D "$PGDIR/data" -m immediate -w stop >/dev/null 2>&1 || true; rm -rf "$PGDIR"; }
trap stop_pg EXIT

echo "== starting a throwaway PostgreSQL on port $PGPORT (fsync=${PG_FSYNC:-on})"
"${as_pg[@]}" "$PGBIN/initdb" -D "$PGDIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PGPORT -c unix_socket_directories=$PGDIR -c max_connections=300 -c fsync=${PG_FSYNC:-on}" \
  start >/dev/null
export PG_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
