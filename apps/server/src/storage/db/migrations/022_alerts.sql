-- Alerts (issue 12): rules, events, SOS tickets, notifications, their delivery queue and log, and
-- escalation call chains. Times are epoch ms; ids are text (uuid).

-- Who last changed a rule template.
alter table rule_templates add column updated_by text;
alter table rule_templates add column updated_at bigint;
-- One DEFAULT per user, so concurrent "create when missing" cannot make two.
create unique index rule_templates_default_idx on rule_templates (uid) where template_name = 'DEFAULT';

-- A rule of a template (spec 2 §3). The built-in rules of DEFAULT are not rows: they are the
-- constant BUILT_IN_RULES, with ruid 'builtin.{alarm}' in every DEFAULT template.
create table rules (
  ruid               text primary key,
  rtid               text not null references rule_templates (rtid) on delete cascade,
  rule_name          text not null,
  rule_type          text not null check (rule_type in ('info', 'warning', 'critical', 'control')),
  rule_complied_name text not null,
  rule_violated_name text not null,
  conditions         jsonb not null,
  trigger_type       text,
  template_type      text,
  created_by         text not null references users (uid),
  created_at         bigint not null,
  updated_at         bigint not null
);
create index rules_rtid_idx on rules (rtid);

-- Events (spec 1 §3). created_at: stored; event_time: the device time of the fix that raised it
-- (eventCreatedAt). Idempotent per (vid, event_time, rule or alarm, result): a fix replayed after a
-- crash does not store its event twice.
create table events (
  evid         text primary key,
  vid          text not null references vehicles (vid) on delete cascade,
  dvid         text not null,
  event_name   text not null,
  event_type   text not null check (event_type in ('INFO', 'WARNING', 'CRITICAL', 'CONTROL')),
  lat          double precision,
  lon          double precision,
  address      text,
  speed        double precision,
  event_result smallint not null,
  ruid         text,
  rtid         text,
  geoid        text,
  alarm        text,
  event_time   bigint not null,
  created_at   bigint not null,
  -- Set once the notifier has turned the event into deliveries and call chains; the scheduler
  -- picks up events a crash left without (the bus that carries them is in memory).
  notified_at  bigint
);
create index events_unnotified_idx on events (created_at) where notified_at is null;
create unique index events_dedup_idx on events (vid, event_time, coalesce(ruid, ''), coalesce(rtid, ''), event_result);
create index events_vid_time_idx on events (vid, event_time);
create index events_vid_type_idx on events (vid, event_type, event_time);

-- SOS tickets (spec 1 §3): opened by SOS and CRITICAL events, open until resolved.
create table tickets (
  ticket_id   text primary key,
  vid         text not null references vehicles (vid) on delete cascade,
  evid        text not null unique references events (evid) on delete cascade,
  created_at  bigint not null,
  resolved_at bigint,
  resolved_by text,
  remark      text
);
create index tickets_open_idx on tickets (vid, created_at) where resolved_at is null;

-- Notifications (spec 2 §3). rules: rtid → ruid → {c, v}; geofences: gtid → [geoid];
-- recipients: [{uid, name, email, contact, isKeypadAuthorized}].
create table notifications (
  nfid              text primary key,
  created_by        text not null references users (uid),
  notification_name text not null,
  service_type      smallint not null check (service_type between 0 and 3),
  rules             jsonb not null,
  geofences         jsonb not null,
  recipients        jsonb not null,
  keypad_enabled    boolean not null default false,
  created_at        bigint not null,
  updated_at        bigint not null
);
create index notifications_created_by_idx on notifications (created_by);

-- E-mail, SMS and push deliveries owed: one row per (notification, event, recipient). The
-- scheduler claims due rows, sends, and either marks them done or sets the next attempt (backoff).
create table notification_deliveries (
  genid        text primary key,
  nfid         text not null references notifications (nfid) on delete cascade,
  evid         text not null references events (evid) on delete cascade,
  service_type smallint not null,
  recipient    jsonb not null,
  recipient_no smallint not null,
  attempt      smallint not null default 0,
  status       text not null check (status in ('PENDING', 'SENT', 'FAILED')),
  next_at      bigint not null,
  claimed_until bigint,
  created_at   bigint not null,
  unique (nfid, evid, recipient_no)
);
create index notification_deliveries_due_idx on notification_deliveries (next_at) where status = 'PENDING';

-- Every attempt (spec 2 §3 notification log entry).
create table notification_logs (
  nlid           text primary key,
  nfid           text not null references notifications (nfid) on delete cascade,
  genid          text not null,
  evid           text,
  service_type   smallint not null,
  recipient      jsonb not null,
  status_code    integer not null,
  status_message text not null,
  gen_status     text not null check (gen_status in ('SENT', 'RETRYING', 'FAILED')),
  attempt        smallint not null,
  device_time    bigint,
  created_at     bigint not null
);
create index notification_logs_nfid_time_idx on notification_logs (nfid, created_at);

-- Call chains (spec 3 §3): one per (call notification, event). step is the index of the
-- recipient being rung; a step is claimed by bumping `step` from its old value in one update, so
-- a restart or a second scheduler never rings anyone twice for one step.
create table escalation_states (
  ecid                text primary key,
  nfid                text not null references notifications (nfid) on delete cascade,
  evid                text not null references events (evid) on delete cascade,
  vid                 text not null references vehicles (vid) on delete cascade,
  status              smallint not null,
  step                smallint not null default -1,
  round               smallint not null default 0,
  next_at             bigint not null,
  call_ref            text,
  created_at          bigint not null,
  updated_at          bigint not null,
  is_acknowledged     boolean not null default false,
  acknowledged_by     text,
  acknowledged_at     bigint,
  acknowledged_remark text,
  unique (nfid, evid)
);
create index escalation_states_due_idx on escalation_states (next_at) where status = 0;
create index escalation_states_created_idx on escalation_states (created_at);

create table escalation_call_records (
  ecrid          text primary key,
  ecid           text not null references escalation_states (ecid) on delete cascade,
  vid            text not null,
  step           smallint not null,
  round          smallint not null,
  contact_name   text not null,
  contact_number text not null,
  status         smallint not null,
  detail         text not null default '',
  call_ref       text,
  created_at     bigint not null,
  updated_at     bigint not null,
  unique (ecid, round, step)
);
create index escalation_call_records_ref_idx on escalation_call_records (call_ref);
