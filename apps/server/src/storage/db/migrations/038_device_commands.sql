-- Commands to trackers (issue 29 item 4, ADR 0090). A command is queued with an expiry; the node
-- holding the tracker's connection claims it (QUEUED → SENT, with the serial it sent), and the
-- tracker's answer is matched to it (SENT → ANSWERED). Expired ones are marked by the scheduler.
create table device_commands (
  cmid        text primary key,
  dvid        text not null,
  vid         text not null,
  type        text not null,
  seconds     integer,
  text        text,
  reason      text,
  forced      boolean not null default false,
  status      text not null default 'QUEUED',
  channel     text,
  serial      integer not null,
  created_by  text not null,
  created_at  bigint not null,
  expires_at  bigint not null,
  sent_at     bigint,
  answered_at bigint,
  answer      text,
  error       text
);
create index device_commands_vid_idx on device_commands (vid, created_at desc);
create index device_commands_pending_idx on device_commands (dvid, status) where status in ('QUEUED', 'SENT');

-- A protocol's per-device settings (Suntech's protocolType, hbm, …; issue 29 item 2).
alter table devices add column settings jsonb;
