-- Geofences (spec 1 §3): a POI (one centre point and a radius in metres) or a Polygon (a zone),
-- owned by the user who drew it. Coordinates are a json list of {lat, lng}, read whole.
create table geofences (
  geoid            text primary key,
  uid              text not null references users (uid),
  geo_type         text not null check (geo_type in ('POI', 'Polygon')),
  geofence_name    text not null,
  geofence_comment text not null default '',
  coordinates      jsonb not null,
  geofence_radius  double precision,
  created_at       bigint not null,
  updated_at       bigint not null
);
create index geofences_uid_idx on geofences (uid);
-- Which geofences a template holds (spec 2 /geofence/template/assign/geofence).
create table geofence_template_members (
  gtid  text not null references geofence_templates (gtid) on delete cascade,
  geoid text not null references geofences (geoid) on delete cascade,
  primary key (gtid, geoid)
);
create index geofence_template_members_geoid_idx on geofence_template_members (geoid);
-- Which templates a vehicle is evaluated against (spec 2 /vehicle/add {gtids}); UNGROUP by default.
create table vehicle_geofence_templates (
  vid  text not null references vehicles (vid) on delete cascade,
  gtid text not null references geofence_templates (gtid) on delete cascade,
  primary key (vid, gtid)
);
create index vehicle_geofence_templates_gtid_idx on vehicle_geofence_templates (gtid);
-- The vehicle's geofence state: geoid → {inside: 0|1, since: ms}, written by the pipeline in the
-- commit of the fix that crossed a boundary; read back on restart (ADR 0029).
alter table vehicles add column geofence_profile jsonb not null default '{}';
-- One row per stay in a geofence (spec 1 §3 "Geofence record keyed by geoCreatedAt"): written at
-- entry with no exit time, completed at exit. Kept when the geofence is deleted (history).
create table geofence_records (
  vid        text not null references vehicles (vid) on delete cascade,
  geoid      text not null,
  enter_time bigint not null,
  exit_time  bigint,
  enter_lat  double precision not null,
  enter_lon  double precision not null,
  exit_lat   double precision,
  exit_lon   double precision,
  created_at bigint not null,
  primary key (vid, geoid, enter_time)
);
create index geofence_records_vid_time_idx on geofence_records (vid, enter_time);
-- The built-in UNGROUP template of every user that lacks one, and every vehicle linked to its
-- owner's.
insert into geofence_templates (gtid, uid, template_name, created_at)
select gen_random_uuid()::text, u.uid, 'UNGROUP', u.created_at from users u
where not exists (select 1 from geofence_templates t where t.uid = u.uid and t.template_name = 'UNGROUP');
-- One UNGROUP per user, so concurrent "create when missing" cannot make two.
create unique index geofence_templates_ungroup_idx on geofence_templates (uid) where template_name = 'UNGROUP';
insert into vehicle_geofence_templates (vid, gtid)
select v.vid, min(t.gtid) from vehicles v
join geofence_templates t on t.uid = v.uid and t.template_name = 'UNGROUP'
group by v.vid;
