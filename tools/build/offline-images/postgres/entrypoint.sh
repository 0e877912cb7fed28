#!/bin/sh
# Stand-in for the official postgres image's entrypoint: POSTGRES_USER/PASSWORD/DB on first start.
set -e
chown -R postgres:postgres "$PGDATA" /run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "$POSTGRES_PASSWORD" > /tmp/pw && chown postgres /tmp/pw
  su postgres -c "initdb -D $PGDATA -U ${POSTGRES_USER:-postgres} --pwfile=/tmp/pw --auth=scram-sha-256" && rm /tmp/pw
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ -n "$POSTGRES_DB" ] && [ "$POSTGRES_DB" != "postgres" ]; then
    su postgres -c "postgres -D $PGDATA -c listen_addresses=''" & pid=$!
    until su postgres -c "pg_isready -q -h /run/postgresql"; do sleep 0.2; done
    su postgres -c "PGPASSWORD='$POSTGRES_PASSWORD' psql -h /run/postgresql -U ${POSTGRES_USER:-postgres} -d postgres -c 'create database \"$POSTGRES_DB\"'"
    kill $pid; wait $pid || true
  fi
fi
exec su postgres -c "exec postgres -D $PGDATA"
