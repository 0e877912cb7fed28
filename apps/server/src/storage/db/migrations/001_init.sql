-- Users form a tree through user_hierarchy (uids joined by '#').
create table users (
  uid            text primary key,
  user_name      text not null,
  user_email     text not null,
  user_role      text not null,
  user_contact   text not null default '',
  user_address   text not null default '',
  user_hierarchy text not null,
  parent_id      text references users (uid),
  password_hash  text not null,
  disabled       boolean not null default false,
  preference     jsonb not null,
  created_at     bigint not null,
  updated_at     bigint not null
);
create unique index users_email_key on users (lower(user_email));
create index users_hierarchy_idx on users (user_hierarchy text_pattern_ops);

create table user_stages (
  uid        text not null references users (uid) on delete cascade,
  stage      text not null check (stage in ('V1', 'V2')),
  created_at bigint not null,
  primary key (uid, stage)
);

-- Only a hash of the session token is stored.
create table sessions (
  token_hash   text primary key,
  uid          text not null references users (uid) on delete cascade,
  created_at   bigint not null,
  expires_at   bigint not null,
  ip           text
);
create index sessions_uid_idx on sessions (uid);

create table devices (
  dvid          text primary key,
  model         text not null,
  imei          text not null,
  uid           text not null references users (uid),
  sim_card      text not null default '',
  created_at    bigint not null,
  lat           double precision,
  lon           double precision,
  heading       double precision,
  speed         double precision,
  device_time   bigint,
  gps_status    boolean,
  engine_status boolean,
  is_alive      boolean not null default false,
  last_seen_at  bigint
);
create index devices_imei_idx on devices (imei);
create index devices_uid_idx on devices (uid);

create table vehicles (
  vid                  text primary key,
  dvid                 text not null default '-',
  uid                  text not null references users (uid),
  vehicle_plate        text not null,
  vehicle_display_name text not null,
  vehicle_type         text not null default 'Other',
  vehicle_model        text not null default '',
  transit_status       text,
  transit_from         bigint,
  updated_at           bigint,
  stopped_since        bigint,
  created_at           bigint not null
);
create index vehicles_uid_idx on vehicles (uid);
create index vehicles_dvid_idx on vehicles (dvid);

-- Vehicle groups let a fleet owner hand a set of vehicles to a fleet operator.
create table vehicle_groups (
  vgid          text primary key,
  uid           text not null references users (uid),
  group_name    text not null,
  color_hex     text not null default 'FFFFFF',
  created_at    bigint not null
);
create table vehicle_group_members (
  vgid text not null references vehicle_groups (vgid) on delete cascade,
  vid  text not null references vehicles (vid) on delete cascade,
  primary key (vgid, vid)
);
create index vehicle_group_members_vid_idx on vehicle_group_members (vid);
create table user_vehicle_groups (
  uid  text not null references users (uid) on delete cascade,
  vgid text not null references vehicle_groups (vgid) on delete cascade,
  primary key (uid, vgid)
);

-- Everything a device sends, keyed for idempotent inserts (DESIGN §1).
create table device_logs (
  dvid           text not null,
  device_time    bigint not null,
  package        text not null,
  package_time   bigint,
  created_at     bigint not null,
  lat            double precision,
  lon            double precision,
  speed          double precision,
  altitude       double precision,
  heading        double precision,
  fuel           jsonb,
  device_message text,
  gps_status     boolean,
  engine_status  boolean,
  is_alive       boolean,
  attributes     jsonb,
  primary key (dvid, device_time, package)
) partition by range (device_time);
create table device_logs_default partition of device_logs default;

-- Devices that tried to connect but are not registered, for admins.
create table unknown_devices (
  protocol    text not null,
  imei        text not null,
  remote      text,
  first_seen  bigint not null,
  last_seen   bigint not null,
  attempts    integer not null default 1,
  primary key (protocol, imei)
);
