-- API tokens (issue 28 item 1, ADR 0087): a user's named keys for other systems.
-- token_hash: SHA-256 (base64url) of the whole token; the secret itself is never stored.
-- prefix: the token's first characters in clear, to tell tokens apart in the list.
-- scope: 'read' (calls that change nothing) or 'full'. last_used_at: to the minute, at most one
-- write a minute. Revoking deletes the row (the audit log keeps its history); the user's removal
-- cascades.
create table api_tokens (
  token_id     text primary key,
  uid          text not null references users (uid) on delete cascade,
  name         text not null,
  prefix       text not null,
  token_hash   text not null,
  scope        text not null check (scope in ('read', 'full')),
  created_at   bigint not null,
  expires_at   bigint not null,
  last_used_at bigint
);
create unique index api_tokens_hash_idx on api_tokens (token_hash);
create index api_tokens_uid_idx on api_tokens (uid);
