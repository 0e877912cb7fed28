-- Geofence and rule templates, as far as accounts need them: an owner, a name, and which
-- users were given them (/userrelation/add). The geofence and rule issues add the rest.
create table geofence_templates (
  gtid          text primary key,
  uid           text not null references users (uid),
  template_name text not null,
  color_hex     text not null default '5C1A8E',
  created_at    bigint not null
);
create index geofence_templates_uid_idx on geofence_templates (uid);
create table rule_templates (
  rtid          text primary key,
  uid           text not null references users (uid),
  template_name text not null,
  created_at    bigint not null
);
create index rule_templates_uid_idx on rule_templates (uid);
create table user_geofence_templates (
  uid  text not null references users (uid) on delete cascade,
  gtid text not null references geofence_templates (gtid) on delete cascade,
  primary key (uid, gtid)
);
create table user_rule_templates (
  uid  text not null references users (uid) on delete cascade,
  rtid text not null references rule_templates (rtid) on delete cascade,
  primary key (uid, rtid)
);
create index vehicle_groups_uid_idx on vehicle_groups (uid);
create index user_vehicle_groups_vgid_idx on user_vehicle_groups (vgid);
create index users_parent_idx on users (parent_id);
