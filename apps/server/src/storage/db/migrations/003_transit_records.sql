-- Closed transit records (packages/domain/src/motion/segmenter.ts). The id is derived from the
-- vehicle and start time, so recomputing a window rewrites the same rows.
create table transit_records (
  tsid           text primary key,
  vid            text not null references vehicles (vid) on delete cascade,
  transit_status text not null,
  start_time     bigint not null,
  end_time       bigint not null,
  duration       bigint not null,
  total_mileage  double precision not null,
  top_speed      double precision not null,
  avg_speed      double precision not null,
  total_fuel     double precision not null,
  start_lat      double precision not null,
  start_lon      double precision not null,
  end_lat        double precision not null,
  end_lon        double precision not null,
  start_address  text,
  end_address    text,
  created_at     bigint not null
);
create index transit_records_vid_time_idx on transit_records (vid, start_time);
