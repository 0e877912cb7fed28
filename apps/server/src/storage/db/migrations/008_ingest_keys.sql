-- A fix is stored once per device and device time, whether it came live (gps#latest) or from
-- the tracker's memory (gps#memory). One unique index says so for every package, so the bulk
-- COPY of device logs fails on a resent fix and the idempotent insert skips it, with no lookup
-- of their own (ADR: ingest by COPY). It replaces the primary key: one index per row, not two.
-- Pairs stored before this migration keep their live row.
delete from device_logs m using device_logs l
  where m.package = 'gps#memory' and l.package = 'gps#latest' and m.dvid = l.dvid and m.device_time = l.device_time;
create unique index device_logs_once on device_logs
  (dvid, device_time, (case when package like 'gps#%' then 'gps' else package end));
alter table device_logs drop constraint device_logs_pkey;

-- vehicle_logs is written at fix rate and, like device_logs, carries no foreign key: checked row
-- by row it doubled the cost of the insert. Nothing deletes vehicles yet; whatever does must
-- delete their vehicle logs too.
alter table vehicle_logs drop constraint vehicle_logs_vid_fkey;
