-- Webhooks (issue 28 item 2, ADR 0089): an owner's or distributor's HTTPS endpoint for events of
-- the vehicles they reach. The secret signs every body (HMAC-SHA256); it is kept as it is so it
-- can sign, like the SMTP and provider secrets in the config (ADR 0089 says why).
create table webhooks (
  whid          text primary key,
  created_by    text not null references users (uid) on delete cascade,
  url           text not null,
  kinds         jsonb not null,
  secret        text not null,
  -- Failed attempts in a row (reset by a success); at JEJAK_WEBHOOK_PAUSE_AFTER it is paused.
  failures      integer not null default 0,
  paused_at     bigint,
  created_at    bigint not null
);
create index webhooks_created_by_idx on webhooks (created_by);

-- The outbox: one row per webhook and event, claimed under a lease like notification_deliveries
-- (ADR 0047). seq orders one vehicle's deliveries: only the oldest unsent of a (webhook, vehicle)
-- is claimable, so a receiver sees each vehicle's events in order.
create table webhook_deliveries (
  wdid          text primary key,
  seq           bigint generated always as identity,
  whid          text not null references webhooks (whid) on delete cascade,
  evid          text not null references events (evid) on delete cascade,
  vid           text not null,
  kind          text not null,
  attempt       smallint not null default 0,
  status        text not null check (status in ('PENDING', 'SENT', 'FAILED')),
  next_at       bigint not null,
  claimed_until bigint,
  response_code integer,
  latency_ms    integer,
  error         text,
  created_at    bigint not null,
  updated_at    bigint not null,
  unique (whid, evid)
);
create index webhook_deliveries_pending_idx on webhook_deliveries (whid, vid, seq) where status = 'PENDING';
create index webhook_deliveries_log_idx on webhook_deliveries (whid, created_at);
