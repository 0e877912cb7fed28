-- Positions at scale (issue 15 item 8, ADR 0058). vehicle_logs is partitioned by month of
-- vehicle_time, like device_logs, so retention drops whole months and never deletes rows. The
-- primary key already holds the partition key. The old rows move in this migration's data step
-- (migrate.ts): it makes a partition for every month they fall in, copies them and drops the old
-- table, in this same transaction.
alter table vehicle_logs rename to vehicle_logs_unpartitioned;
alter table vehicle_logs_unpartitioned rename constraint vehicle_logs_pkey to vehicle_logs_unpartitioned_pkey;
create table vehicle_logs (like vehicle_logs_unpartitioned including defaults) partition by range (vehicle_time);
alter table vehicle_logs add primary key (vid, vehicle_time);
create table vehicle_logs_default partition of vehicle_logs default;

-- A vehicle's transit records summed per local day of the reports' time zone (day-stats.ts): what
-- the mileage and daily mileage reports read for the whole days of their window. Rewritten with
-- the records (record-writer.ts, recompute-store.ts); the data step fills it from the records.
-- mileage_km is not rounded, so a sum of days rounds as the window's sum does.
create table vehicle_day_stats (
  vid             text not null references vehicles (vid) on delete cascade,
  day             date not null,
  start_time      bigint not null,
  end_time        bigint not null,
  mileage_km      double precision not null,
  moving_ms       bigint not null,
  idling_ms       bigint not null,
  parking_ms      bigint not null,
  disconnected_ms bigint not null,
  top_speed_kmh   double precision not null,
  records         integer not null,
  primary key (vid, day)
);

-- How far back positions are kept once retention has dropped months (partitions.ts): a late
-- fix's recompute never replays from before it, where the fixes are gone.
create table positions_retention (
  id        boolean primary key default true check (id),
  kept_from bigint not null
);
