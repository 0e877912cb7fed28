-- Who changed what, when and from where (issue 4). Actors are not foreign keys, so the log
-- outlives anything it mentions; actor_uid is null for the scheduler.
create table audit_log (
  audit_id    text primary key,
  seq         bigint generated always as identity,
  created_at  bigint not null,
  actor_uid   text,
  actor_email text,
  ip          text,
  action      text not null,
  target_type text not null,
  target_id   text not null,
  details     jsonb not null
);
create index audit_log_created_idx on audit_log (created_at);
create index audit_log_target_idx on audit_log (target_id, created_at);
create index audit_log_actor_idx on audit_log (actor_uid, created_at);

-- E-mailed reset links: only a hash of the token is stored; a token is used at most once.
create table password_resets (
  token_hash text primary key,
  uid        text not null references users (uid) on delete cascade,
  created_at bigint not null,
  expires_at bigint not null,
  used_at    bigint
);
create index password_resets_uid_idx on password_resets (uid);
