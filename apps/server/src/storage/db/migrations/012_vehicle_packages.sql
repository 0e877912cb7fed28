-- Vehicle columns User Management's table shows (spec 1 §2, spec 2 §3); the vehicle forms
-- fill them. Dates are epoch ms at the start of a day. subs_* mirror the current package.
alter table vehicles add column engine_service_next_mileage double precision;
alter table vehicles add column engine_service_next_working_hour double precision;
alter table vehicles add column engine_service_due_date bigint;
alter table vehicles add column transmission_service_next_mileage double precision;
alter table vehicles add column transmission_service_due_date bigint;
alter table vehicles add column rear_axle_service_next_mileage double precision;
alter table vehicles add column rear_axle_service_due_date bigint;
alter table vehicles add column service_next_mileage double precision;
alter table vehicles add column service_due_date bigint;
alter table vehicles add column permit_due_date bigint;
alter table vehicles add column subs_start_date bigint;
alter table vehicles add column subs_end_date bigint;

-- One live package per vehicle; a terminated one stays for history (spec 3).
create table vehicle_packages (
  vehicle_package_id text primary key,
  vid                text not null references vehicles (vid) on delete cascade,
  uid                text not null references users (uid),
  contract_type      text not null check (contract_type in ('CUSTOM', 'TWELVE', 'TWENTY_FOUR')),
  start_at           bigint not null,
  end_at             bigint not null,
  status             text not null check (status in ('PENDING', 'ACTIVE', 'EXPIRED', 'SUSPENDED', 'TERMINATED')),
  created_at         bigint not null,
  updated_at         bigint not null,
  check (end_at >= start_at)
);
create unique index vehicle_packages_live_vid_key on vehicle_packages (vid) where status <> 'TERMINATED';
create index vehicle_packages_vid_idx on vehicle_packages (vid, created_at);
create index vehicle_packages_due_idx on vehicle_packages (start_at, end_at) where status in ('PENDING', 'ACTIVE');

-- A row for every change of a package, holding the package as it was after the change.
create table vehicle_package_logs (
  vehicle_package_log_id text primary key,
  seq                    bigint generated always as identity,
  vehicle_package_id     text not null references vehicle_packages (vehicle_package_id) on delete cascade,
  vid                    text not null,
  action                 text not null,
  contract_type          text not null,
  status                 text not null,
  start_at               bigint not null,
  end_at                 bigint not null,
  updated_by             text,
  created_at             bigint not null,
  updated_at             bigint not null
);
create index vehicle_package_logs_vid_idx on vehicle_package_logs (vid, created_at);
