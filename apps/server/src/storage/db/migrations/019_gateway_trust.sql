-- The unknown-device list is capped (ADR 0034): its oldest rows are deleted by last_seen.
create index unknown_devices_last_seen on unknown_devices (last_seen);

-- A registered device claimed by a second live connection while one was open (ADR 0034): a
-- cloned or spoofed tracker, or a tracker reconnecting past its own half-open connection.
create table device_conflicts (
  dvid            text primary key references devices (dvid) on delete cascade,
  protocol        text not null,
  imei            text not null,
  remote          text,
  previous_remote text,
  first_seen      bigint not null,
  last_seen       bigint not null,
  takeovers       integer not null default 1
);
create index device_conflicts_last_seen on device_conflicts (last_seen);
