-- Webhooks for what is not a stored event (issue 28 item 2, ADR 0089 amended): geofence enter
-- and exit, ticket resolved, tracker online and offline. Each is written as a signal in the
-- transaction that records it (the ingest batch, the ticket's resolution), so none is lost; the
-- scheduler turns signals into webhook deliveries and deletes them.
create table webhook_signals (
  seq     bigint generated always as identity primary key,
  kind    text not null,
  vid     text not null,
  at      bigint not null,
  payload jsonb not null
);

-- A delivery is of a stored event (evid) or of a signal (ref, the signal's seq; payload, its body).
alter table webhook_deliveries alter column evid drop not null;
alter table webhook_deliveries add column ref text;
alter table webhook_deliveries add column payload jsonb;
create unique index webhook_deliveries_ref_idx on webhook_deliveries (whid, ref);
