-- Sign-in limits shared by every API node (issue 15 item 2; ADR 0057). The scheduler's election
-- needs no table: it is a session advisory lock (storage/leader-lock.ts).
-- Unlogged: counters need no crash safety (in memory they had none) and should cost no WAL; a
-- crash of the database server empties them, as a restart of a node emptied them before.

-- @fastify/rate-limit's counts (http/shared-rate-limit-store.ts): one row per limited key, the
-- count of its current fixed window and when that window ends.
create unlogged table rate_limit_hits (
  key       text primary key,
  hits      integer not null,
  resets_at bigint not null
);
create index rate_limit_hits_resets_at_idx on rate_limit_hits (resets_at);

-- The per-e-mail sign-in backoff (services/login-backoff.ts): the failures counted for an e-mail,
-- when the last came, and until when unknown addresses are held off ...
create unlogged table login_failures (
  email      text primary key,
  counted    integer not null,
  last_at    bigint not null,
  hold_until bigint not null
);
create index login_failures_last_at_idx on login_failures (last_at);

-- ... how many of them each address added (capped) ...
create unlogged table login_failure_addresses (
  email    text not null,
  ip       text not null,
  failures integer not null,
  primary key (email, ip)
);

-- ... and the addresses that signed in to the account lately, which the backoff does not hold.
create unlogged table login_known_addresses (
  email text not null,
  ip    text not null,
  at    bigint not null,
  primary key (email, ip)
);
create index login_known_addresses_at_idx on login_known_addresses (at);
