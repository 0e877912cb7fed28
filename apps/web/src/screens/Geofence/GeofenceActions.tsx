import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { serverTextOr } from '../../api/error-text.ts';
import { deleteGeofence, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useStrings } from '../../i18n/strings.ts';
import { geofenceKind } from '../../map/layers/geofence-features.ts';
import type { GeofenceTreeNode } from '../../map/panel/geofence-tree.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

/** The built-in template of loose geofences is not edited as a group. */
const UNGROUP = 'UNGROUP';

/** Clicks on a node's buttons must not select the node (and move the map). */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * A tree node's buttons on the overview: a geofence's Edit (the POI or zone form) and Delete
 * (confirmed, POST /geofence/delete); a template's Edit group (its form, given the template).
 */
export function GeofenceActions({ node, uid }: { node: GeofenceTreeNode; uid: string }) {
  const o = useStrings().dashboard.overview;
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteGeofence,
    onSuccess: async () => {
      showToast('success', o.deleted);
      await queryClient.invalidateQueries({ queryKey: geofencesQueryKey(uid) });
    },
    onError: (error) => showToast('error', serverTextOr(error, o.deleteError)),
  });

  const g = node.geofence;
  if (!g) {
    if (node.gtid === null || node.title === UNGROUP) return null;
    return (
      <Link
        to="/Geofence/EditGroup"
        state={{ selectedGTID: node.gtid }}
        onClick={stop}
        data-testid="geofence-edit-group"
      >
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={o.editGroup} title={o.editGroup} />
      </Link>
    );
  }
  const form = geofenceKind(g.geoType) === 'POI' ? 'EditPOI' : 'EditZone';
  return (
    <span className="geofence-node-actions" onClick={stop}>
      <Link to={`/Geofence/${form}?${new URLSearchParams({ geoid: g.geoid }).toString()}`} data-testid="geofence-edit">
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={o.edit} title={o.edit} />
      </Link>
      <Popconfirm
        title={o.deleteConfirm(g.geofenceName)}
        okText={o.deleteOk}
        cancelText={o.cancel}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onConfirm={() => remove.mutate(g.geoid)}
      >
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={o.delete}
          title={o.delete}
          data-testid="geofence-delete"
        />
      </Popconfirm>
    </span>
  );
}
