-- Maintenance reminders (issue 28 item 8, ADR 0092). The dues stay in the vehicle's service
-- fields (spec 2 §3); each item's interval, kept from its last "done", rolls them forward.
alter table vehicles add column service_intervals jsonb;

-- Every service marked done: what the vehicle had run, who said so.
create table maintenance_log (
  mlid          text primary key,
  vid           text not null,
  item          text not null,
  done_at       bigint not null,
  odometer_km   double precision not null,
  engine_hours  double precision not null,
  done_by       text not null,
  note          text not null default ''
);
create index maintenance_log_vid_idx on maintenance_log (vid, done_at desc);

-- One reminder per due and level: a due that moves (done, edited) is a new key.
create table maintenance_alerts (
  vid      text not null,
  item     text not null,
  due_key  text not null,
  level    text not null,
  sent_at  bigint not null,
  primary key (vid, item, due_key, level)
);
