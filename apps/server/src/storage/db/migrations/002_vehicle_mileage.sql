-- Vehicle mileage (km): from the device's own odometer when it sends one, else the distance
-- between accepted fixes (packages/domain/src/motion).
alter table vehicles add column mileage_km double precision not null default 0;
