-- What the pipeline holds in memory for each device beyond the device and vehicle rows: the fix
-- filter, odometer, open transit record, trip tracker and fuel smoothing, as versioned JSON text
-- (pipeline/resume.ts; text, as nothing queries inside it), and the earliest device time of late
-- data whose recompute has not run yet. Written in the commit of the rows it produced, so a
-- restart goes on exactly where the pipeline stood (ADR 0025). `seq` grows with every write: an
-- older batch never overwrites a newer state. Rewritten with nearly every batch: fillfactor 50
-- leaves room on each page for HOT updates.
create table pipeline_states (
  dvid        text primary key references devices (dvid) on delete cascade,
  seq         bigint not null,
  state       text not null,
  late_since  bigint
) with (fillfactor = 50);
