-- Trips (packages/domain/src/motion/trips.ts): TRANSIT from leaving a parking to the next one,
-- PARKING between. The id is derived from the vehicle and start time, so the last parking,
-- which a phantom move may still extend, and recomputed windows rewrite the same rows.
create table trip_records (
  trid                   text primary key,
  vid                    text not null references vehicles (vid) on delete cascade,
  trip_status            text not null,
  start_time             bigint not null,
  end_time               bigint not null,
  total_distance         double precision not null,
  top_speed              double precision not null,
  total_moving_duration  bigint not null,
  total_idling_duration  bigint not null,
  created_at             bigint not null
);
create index trip_records_vid_time_idx on trip_records (vid, start_time);
-- The trip a transit record belongs to, once that trip is final.
alter table transit_records add column trid text;
