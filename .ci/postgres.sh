# Starts the Debian PostgreSQL cluster (if present) and exports TEST_DATABASE_URL for the storage tests.
if command -v pg_lsclusters >/dev/null; then
  ver=$(pg_lsclusters -h | awk 'NR==1{print $1}')
  name=$(pg_lsclusters -h | awk 'NR==1{print $2}')
  if [ -z "$ver" ]; then
    ver=$(ls /usr/lib/postgresql | sort -n | tail -1); name=main
    pg_createcluster "$ver" "$name" >/dev/null
  fi
  pg_ctlcluster "$ver" "$name" start 2>/dev/null || true
  for _ in $(seq 1 30); do pg_isready -q && break; sleep 0.5; done
  su postgres -c "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname='inkless'\"" | grep -q 1 ||
    su postgres -c "psql -qc \"CREATE ROLE inkless LOGIN SUPERUSER PASSWORD 'inkless'\""
  su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname='inkless_test'\"" | grep -q 1 ||
    su postgres -c "psql -qc \"CREATE DATABASE inkless_test OWNER inkless\""
  export TEST_DATABASE_URL="postgres://inkless:inkless@127.0.0.1:5432/inkless_test"
  echo "[ci] PostgreSQL ready: $TEST_DATABASE_URL"
fi
