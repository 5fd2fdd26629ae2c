#!/bin/sh
# The streaming replica (decision 228): on its first start, an empty data folder is filled by pg_basebackup from
# the primary with -R (standby.signal and primary_conninfo written for it), then the official entrypoint starts
# PostgreSQL as a hot standby that replays the primary's WAL. Later starts find the folder filled and just run.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h postgres -p 5432 -q; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h postgres -p 5432 -U replicator -D "$PGDATA" -R -X stream --checkpoint=fast
  chmod 700 "$PGDATA"
fi
exec docker-entrypoint.sh "$@"
