-- Mail and messages that cannot be abused (issue 27 item 2, ADR 0083).

-- E-mail recipients outside the organisation confirm by a link before any alert reaches them.
-- One row per account (the fleet owner or distributor whose notifications name the address) and
-- lower-cased address. token_hash: SHA-256 of the live link's token (none once confirmed);
-- sent_at: the last confirmation e-mail, for the resend limit.
create table recipient_confirmations (
  account_uid  text not null references users (uid) on delete cascade,
  address      text not null,
  token_hash   text,
  expires_at   bigint,
  sent_at      bigint,
  confirmed_at bigint,
  created_at   bigint not null,
  primary key (account_uid, address)
);
create unique index recipient_confirmations_token_idx on recipient_confirmations (token_hash)
  where token_hash is not null;

-- The per-account daily quota of e-mails, SMS and calls, shared by every node: one counter per
-- account, local day ('YYYY-MM-DD' in JEJAK_TIME_ZONE) and channel (0 e-mail, 2 SMS, 3 call).
-- warned_at: when the owner was told the quota was reached (once a day and channel).
create table message_quota_days (
  account_uid text not null references users (uid) on delete cascade,
  day         text not null,
  channel     smallint not null,
  used        integer not null default 0,
  warned_at   bigint,
  primary key (account_uid, day, channel)
);

-- A notification can be deleted: its pending deliveries go with it (they cascade), its log and
-- call records stay.
alter table notification_logs drop constraint if exists notification_logs_nfid_fkey;
alter table escalation_states drop constraint if exists escalation_states_nfid_fkey;
