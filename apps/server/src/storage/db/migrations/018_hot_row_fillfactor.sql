-- The device and vehicle rows are rewritten by nearly every commit of the pipeline (position,
-- last seen, transit status, mileage), none of their indexed columns with them: fillfactor 50
-- leaves room on each page for HOT updates, so an update touches no index. Rows inserted from
-- now on get the room; a large existing table gets it as rows are rewritten (or at VACUUM FULL).
alter table devices set (fillfactor = 50);
alter table vehicles set (fillfactor = 50);
