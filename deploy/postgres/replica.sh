#!/bin/sh
# The `scale` profile's read replica: on first start, a base backup of the primary (pg_basebackup -R
# writes standby.signal and primary_conninfo), then Postgres streaming from it for ever after.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U postgres -q; do sleep 1; done
  pg_basebackup -h "$PRIMARY_HOST" -U postgres -D "$PGDATA" -R -X stream
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on
