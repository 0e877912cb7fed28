import { readFileSync } from 'node:fs';
import { PROTOCOLS } from '../packages/protocols/src/registry.ts';
const files: Record<string,string> = { gt06:'gt06.json', teltonika:'teltonika.json', h02:'h02.json', osmand:'osmand.json', meitrack:'meitrack.json', gl200:'gl200.json' };
for (const p of PROTOCOLS) {
  const recs = JSON.parse(readFileSync('/work/shared/vectors/'+files[p.id],'utf8')).sort((a:any,b:any)=>a.sequence-b.sequence);
  const sessions = new Map<string, any>();
  let err=0, ok=0, nomsg=0; const errs: string[] = []; const alarms = new Map<string,number>(); const attrKeys = new Map<string,number>();
  for (const r of recs) {
    const ctx = r.decoder_context ?? {};
    const key = JSON.stringify(ctx)+r.transport;
    let s = sessions.get(key); if (!s) { s = p.createSession({ transport: r.transport ?? p.transports[0], model: ctx.model, extended: ctx.extended }); sessions.set(key,s); }
    let res;
    try {
      if (r.http) res = s.decodeHttp(r.http, { receivedAtMs: Date.now() });
      else { const bytes = r.payload_hex ? Buffer.from(r.payload_hex,'hex') : Buffer.from(r.payload_text,'latin1'); res = s.decode(new Uint8Array(bytes), { receivedAtMs: Date.now() }); }
    } catch (e:any) { err++; errs.push('THROW '+e.message); continue; }
    if (res.error) { err++; errs.push((r.payload_hex??r.payload_text??'').slice(0,40)+' :: '+res.error+(res.unsupported?' [unsup]':'')+' exp='+JSON.stringify(r.expect)); continue; }
    ok++; if (!res.messages.length) nomsg++;
    for (const m of res.messages) { if (m.attributes.alarm) alarms.set(String(m.attributes.alarm),(alarms.get(String(m.attributes.alarm))??0)+1); for (const k of Object.keys(m.attributes)) attrKeys.set(k,(attrKeys.get(k)??0)+1); }
  }
  console.log(`== ${p.id}: ${recs.length} recs, ok ${ok}, err ${err}, no-msg ${nomsg}`);
  console.log('alarms', JSON.stringify([...alarms]));
  console.log('attrs', [...attrKeys.keys()].join(','));
  for (const e of errs.slice(0,40)) console.log('  ', e);
}
