-- Which rule templates a vehicle is evaluated against (spec 2 /vehicle/add {rtids}); its owner's
-- DEFAULT always. The alerts issue evaluates them; the vehicle forms set them now.
create table vehicle_rule_templates (
  vid  text not null references vehicles (vid) on delete cascade,
  rtid text not null references rule_templates (rtid) on delete cascade,
  primary key (vid, rtid)
);
create index vehicle_rule_templates_rtid_idx on vehicle_rule_templates (rtid);
insert into vehicle_rule_templates (vid, rtid)
select v.vid, min(t.rtid) from vehicles v
join rule_templates t on t.uid = v.uid and t.template_name = 'DEFAULT'
group by v.vid;
-- Plates are looked up per owner when a vehicle is added or edited (one plate per owner).
create index vehicles_uid_plate_idx on vehicles (uid, upper(vehicle_plate));
