-- Which gateway node owns each device when several run (ADR 0061). A TCP connection that
-- identifies a device takes it over for its node and moves the epoch on; a node commits a
-- device's rows only while it holds the stored epoch, so two nodes never write one device's
-- state at once. Nodes are named at start and never reused.
create table device_owners (
  dvid text primary key,
  node text not null,
  epoch bigint not null
);
