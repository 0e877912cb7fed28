-- The time zone the per-day totals (vehicle_day_stats, ADR 0058) are keyed in (ADR 0068): their
-- days are local dates, so they only hold in one zone. Migration 024 filled them in the reports'
-- zone of the time, Asia/Kuala_Lumpur. A server started with another JEJAK_TIME_ZONE rebuilds
-- them in its zone at start and writes it here.
create table day_stats_zone (
  id        boolean primary key default true check (id),
  time_zone text not null
);
insert into day_stats_zone (id, time_zone) values (true, 'Asia/Kuala_Lumpur');
