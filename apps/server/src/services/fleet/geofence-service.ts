import type {
  AddGeofenceRequest,
  AddGeofenceTemplateRequest,
  AssignGeofencesRequest,
  GeofenceDto,
  GeofenceTemplateDto,
  ReassignGeofenceRequest,
  UpdateGeofenceRequest,
  UpdateGeofenceTemplateRequest,
} from '@jejak/contract';
import { GEOFENCE_TEXTS, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import { BUILT_IN_NAMES } from '../../storage/repos/accounts/relations-repo.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { reachableUser, requireCall, viewerOf } from '../access.ts';

export interface GeofenceServiceDeps {
  repos: Pick<Repos, 'geofences' | 'geofenceTemplates' | 'users'>;
  bus: Bus;
  now: () => number;
}

const geofenceNotFound = () => AppError.notFound(GEOFENCE_TEXTS.geofenceNotFound);
const templateNotFound = () => AppError.notFound(GEOFENCE_TEXTS.templateNotFound);

/**
 * Geofences and geofence templates: the role's grant first (read or manage 'geofence'), then
 * the hierarchy — an object owned outside the caller's subtree answers exactly like a missing
 * one. Every change that can alter what a vehicle is evaluated against tells the pipeline
 * (bus 'geofence.changed'), which reloads those vehicles' fences before their next fix.
 */
export function createGeofenceService(deps: GeofenceServiceDeps) {
  const { bus, now } = deps;
  const { geofences, geofenceTemplates: templates, users } = deps.repos;

  function changed(vids: string[]): void {
    if (vids.length > 0) bus.publish('geofence.changed', { vids });
  }

  /** Refuses a geofence the caller may not change exactly like a missing one (one query, no members). */
  async function requireOwnGeofence(caller: User, geoid: string): Promise<void> {
    if (!(await geofences.ownedWithinMany(viewerOf(caller), [geoid])).has(geoid)) throw geofenceNotFound();
  }

  async function ownGeofence(caller: User, geoid: string): Promise<GeofenceDto> {
    const g = await geofences.ownedWithin(viewerOf(caller), geoid);
    if (!g) throw geofenceNotFound();
    return g;
  }

  /** Templates the caller may change, all owned by `uid`; any other answers like a missing one. */
  async function ownTemplates(caller: User, uid: string, gtids: readonly string[]): Promise<GeofenceTemplateDto[]> {
    const found = await templates.ownedWithin(viewerOf(caller), gtids);
    if (found.length !== new Set(gtids).size || found.some((t) => t.uid !== uid)) throw templateNotFound();
    return found;
  }

  async function template(caller: User, gtid: string): Promise<GeofenceTemplateDto> {
    const [t] = await templates.ownedWithin(viewerOf(caller), [gtid]);
    if (!t) throw templateNotFound();
    return t;
  }

  return {
    async list(caller: User, uid: string): Promise<GeofenceDto[]> {
      requireCall(caller, 'readGeofences');
      const target = await reachableUser(users, caller, uid);
      return geofences.visible(viewerOf(target.user));
    },

    async add(caller: User, req: AddGeofenceRequest): Promise<GeofenceDto> {
      requireCall(caller, 'manageGeofences');
      const owner = req.geofence.uid ? (await reachableUser(users, caller, req.geofence.uid)).user : caller;
      const gtids = req.geofence.gtids ?? [];
      if (gtids.length > 0) await ownTemplates(caller, owner.uid, gtids);
      // A geofence in no template is in its owner's UNGROUP (spec 1 §3), which its vehicles use.
      const into = gtids.length > 0 ? gtids : [await templates.ensureUngroup(owner.uid, now())];
      const geoid = await geofences.insert(owner.uid, req.geofence, into, now());
      // Chosen with UNGROUP and another template (the form starts with UNGROUP ticked): not ungrouped.
      await templates.settleUngroup([geoid], now());
      changed(await geofences.vidsOfGeofences([geoid]));
      return ownGeofence(caller, geoid);
    },

    async update(caller: User, req: UpdateGeofenceRequest): Promise<GeofenceDto> {
      requireCall(caller, 'manageGeofences');
      const { geoid } = req.geofence;
      await requireOwnGeofence(caller, geoid);
      await geofences.update(geoid, req.geofence, now());
      changed(await geofences.vidsOfGeofences([geoid]));
      return ownGeofence(caller, geoid);
    },

    async remove(caller: User, geoid: string): Promise<string> {
      requireCall(caller, 'manageGeofences');
      await requireOwnGeofence(caller, geoid);
      const vids = await geofences.vidsOfGeofences([geoid]);
      await geofences.remove(geoid);
      changed(vids);
      return geoid;
    },

    async templates(caller: User, uid: string, gtids: readonly string[]): Promise<GeofenceTemplateDto[]> {
      requireCall(caller, 'readGeofences');
      const target = await reachableUser(users, caller, uid);
      if (gtids.length > 0) return templates.visibleAmong(viewerOf(caller), gtids);
      await templates.ensureUngroup(target.user.uid, now());
      return templates.ofUser(target.user.uid);
    },

    async addTemplate(caller: User, req: AddGeofenceTemplateRequest): Promise<GeofenceTemplateDto> {
      requireCall(caller, 'manageGeofences');
      const target = await reachableUser(users, caller, req.uid);
      if (req.geofenceTemplateName === BUILT_IN_NAMES.geofenceTemplate)
        throw AppError.validation(GEOFENCE_TEXTS.builtInTemplate);
      const gtid = await templates.insert(target.user.uid, req.geofenceTemplateName, req.colorHexCode, now());
      return template(caller, gtid);
    },

    async updateTemplate(caller: User, req: UpdateGeofenceTemplateRequest): Promise<GeofenceTemplateDto> {
      requireCall(caller, 'manageGeofences');
      const { gtid, templateName, colorHexCode } = req.geofenceTemplate;
      const t = await template(caller, gtid);
      const builtIn = BUILT_IN_NAMES.geofenceTemplate;
      if ((t.templateName === builtIn) !== (templateName === builtIn))
        throw AppError.validation(GEOFENCE_TEXTS.builtInTemplate);
      await templates.update(gtid, templateName, colorHexCode);
      return template(caller, gtid);
    },

    async assign(caller: User, req: AssignGeofencesRequest, add: boolean): Promise<GeofenceTemplateDto> {
      requireCall(caller, 'manageGeofences');
      const target = await reachableUser(users, caller, req.uid);
      await ownTemplates(caller, target.user.uid, [req.gtid]);
      const owned = await geofences.ownedWithinMany(viewerOf(caller), req.geoids);
      if (owned.size !== new Set(req.geoids).size) throw geofenceNotFound();
      if (add) await templates.addMembers(req.gtid, req.geoids);
      else await templates.removeMembers(req.gtid, req.geoids);
      const ungroups = await templates.settleUngroup(req.geoids, now());
      changed(await geofences.vidsOfTemplates([req.gtid, ...ungroups]));
      return template(caller, req.gtid);
    },

    async reassign(caller: User, req: ReassignGeofenceRequest): Promise<GeofenceDto> {
      requireCall(caller, 'manageGeofences');
      const target = await reachableUser(users, caller, req.uid);
      await requireOwnGeofence(caller, req.geoid);
      await ownTemplates(caller, target.user.uid, req.gtids);
      const before = await templates.setMembership(req.geoid, target.user.uid, req.gtids);
      const ungroups = await templates.settleUngroup([req.geoid], now());
      changed(await geofences.vidsOfTemplates([...before, ...req.gtids, ...ungroups]));
      return ownGeofence(caller, req.geoid);
    },
  };
}
export type GeofenceService = ReturnType<typeof createGeofenceService>;
