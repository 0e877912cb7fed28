-- One row per accepted fix of a vehicle (the Vehicle Inspector's rows), keyed for idempotence.
create table vehicle_logs (
  vid            text not null references vehicles (vid) on delete cascade,
  vehicle_time   bigint not null,
  created_at     bigint not null,
  lat            double precision not null,
  lon            double precision not null,
  speed          double precision not null,
  address        text,
  trip_status    text,
  trip_from      bigint,
  transit_status text not null,
  transit_from   bigint not null,
  mileage        double precision not null,
  primary key (vid, vehicle_time)
);
