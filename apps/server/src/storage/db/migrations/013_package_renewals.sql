-- A renewal booked to start later (ADR 0024): the package keeps its current period until the
-- renewal starts, then takes it. All three columns are set or none.
alter table vehicle_packages add column renewal_contract_type text check (renewal_contract_type in ('CUSTOM', 'TWELVE', 'TWENTY_FOUR'));
alter table vehicle_packages add column renewal_start_at bigint;
alter table vehicle_packages add column renewal_end_at bigint;
alter table vehicle_packages add constraint vehicle_packages_renewal_check check (
  (renewal_contract_type is null and renewal_start_at is null and renewal_end_at is null)
  or (renewal_contract_type is not null and renewal_start_at is not null and renewal_end_at >= renewal_start_at)
);
create index vehicle_packages_renewal_due_idx on vehicle_packages (renewal_start_at) where renewal_start_at is not null;
