-- UNGROUP holds the geofences that none of their owner's other templates holds (spec 1 §3,
-- spec 2). Assigning a geofence to a template used to leave it in UNGROUP as well, so the
-- geofence trees listed it twice; the service now keeps UNGROUP settled on every change of
-- membership. Settle what is already stored the same way.
delete from geofence_template_members m
using geofences g, geofence_templates u
where g.geoid = m.geoid and u.gtid = m.gtid and u.uid = g.uid and u.template_name = 'UNGROUP'
  and exists (
    select 1 from geofence_template_members o join geofence_templates t on t.gtid = o.gtid
    where o.geoid = m.geoid and t.uid = g.uid and t.template_name <> 'UNGROUP');
