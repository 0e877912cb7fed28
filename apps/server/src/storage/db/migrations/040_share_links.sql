-- Share a live position (issue 28 item 6, ADR 0093): a time-limited, revocable public link to one
-- vehicle. Only the SHA-256 of the link's token is kept; the token is shown once, at creation.
-- The public read looks the link up by that hash on every request, so a revocation holds at once
-- on every node.
create table share_links (
  token_hash     text primary key,
  slid           text not null unique,
  vid            text not null,
  created_by     text not null,
  label          text not null,
  created_at     bigint not null,
  expires_at     bigint not null,
  revoked_at     bigint,
  last_opened_at bigint,
  opens          integer not null default 0
);
create index share_links_creator_idx on share_links (created_by, created_at desc);
