#!/bin/sh
# Runs once, when the primary's data folder is first made (/docker-entrypoint-initdb.d): a role the streaming
# replica connects as, and the pg_hba line that lets it ask for replication (decision 228). On a primary made
# before this file existed, run the same two steps by hand (docs/operations.md, "Several instances").
set -eu
psql -v ON_ERROR_STOP=1 -v password="$REPLICATION_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
