-- Since when the device's GPS has had no fix (spec 1 §3: the vehicle's noGPSAt): set by the
-- pipeline at the first live record without a valid fix, cleared by the next valid one; null
-- while the GPS has a fix or before the device was heard from.
alter table devices add column no_gps_at bigint;
