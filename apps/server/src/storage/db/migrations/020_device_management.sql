-- Device management (issue 11, spec 2 §3, §5, §7; ADR 0037).

-- Device groups: every distributor and fleet owner has the built-in 'ALL', and a new device
-- goes into its target user's 'ALL' unless another group is named.
create table device_groups (
  dgid       text primary key,
  uid        text not null references users (uid),
  group_name text not null,
  created_at bigint not null
);
create index device_groups_uid_idx on device_groups (uid);
-- One 'ALL' per user, so two concurrent first adds cannot make two.
create unique index device_groups_one_all on device_groups (uid) where group_name = 'ALL';
create table device_group_members (
  dgid text not null references device_groups (dgid) on delete cascade,
  dvid text not null references devices (dvid) on delete cascade,
  primary key (dgid, dvid)
);
create index device_group_members_dvid_idx on device_group_members (dvid);

insert into device_groups (dgid, uid, group_name, created_at)
select gen_random_uuid()::text, uid, 'ALL', (extract(epoch from now()) * 1000)::bigint
from users where user_role in ('distributor', 'fleetOwner');
insert into device_group_members (dgid, dvid)
select g.dgid, d.dvid from devices d join device_groups g on g.uid = d.uid and g.group_name = 'ALL';

-- The Devices tab (spec 2 §2): brand, and what the last stored record said. The ingest writer
-- keeps the last_* columns (storage/device-last-writer.ts): the package kind, the litres in the
-- vehicle's tanks when the record read any, and the server time the record was stored.
alter table devices add column brand text not null default '';
alter table devices add column last_package text;
alter table devices add column last_fuel_l double precision;
alter table devices add column last_record_at bigint;

-- A SIM card is in one device at most ('Sim Card is already in use'); '' is no SIM. A database
-- that already holds a SIM twice keeps it on the oldest device; the others are cleared, each
-- with an audit row naming the SIM, so the migration cannot stop the server from starting.
insert into audit_log (audit_id, created_at, actor_uid, actor_email, ip, action, target_type, target_id, details)
select gen_random_uuid()::text, (extract(epoch from now()) * 1000)::bigint, null, null, null,
  'device.simCleared', 'device', d.dvid, jsonb_build_object('simCard', d.sim_card)
from devices d
where d.sim_card <> '' and exists (
  select 1 from devices o where o.sim_card = d.sim_card
    and (o.created_at < d.created_at or (o.created_at = d.created_at and o.dvid < d.dvid)));
update devices d set sim_card = ''
where d.sim_card <> '' and exists (
  select 1 from devices o where o.sim_card = d.sim_card
    and (o.created_at < d.created_at or (o.created_at = d.created_at and o.dvid < d.dvid)));
create unique index devices_sim_card_key on devices (sim_card) where sim_card <> '';
