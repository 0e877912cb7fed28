import { Empty, Input, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { fetchGeofences, geofencesQueryKey } from '../../api/geofences/geofences.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { geofenceKind } from '../layers/geofence-features.ts';
import { focusZoom } from '../focus-zoom.ts';
import { useMap } from '../map-context.ts';
import { filterGeofenceTree, geofenceTree, geofenceView, type GeofenceTreeNode } from './geofence-tree.ts';

/** Tall enough for a dozen rows; antd draws only the rows in view, so thousands stay smooth. */
const TREE_HEIGHT = 260;

interface GeofenceTreeProps {
  uid: string;
  /** Buttons beside a node (the overview's Edit and Delete). */
  actions?: (node: GeofenceTreeNode) => ReactNode;
}

function toDataNode(
  node: GeofenceTreeNode,
  actions: GeofenceTreeProps['actions'],
  spec: (text: string) => string,
): DataNode {
  const g = node.geofence;
  return {
    key: node.key,
    selectable: g !== undefined,
    title: (
      <span className="geofence-node" data-testid={g ? 'geofence-node' : 'geofence-template-node'}>
        <span className="geofence-node-name">{node.title}</span>
        {g && <Tag className="geofence-node-kind">{spec(geofenceKind(g.geoType))}</Tag>}
        {actions?.(node)}
      </span>
    ),
    ...(node.children ? { children: node.children.map((c) => toDataNode(c, actions, spec)) } : {}),
  };
}

/**
 * The geofence search tree (spec 1 §2): templates and their geofences, searched by name
 * (case-insensitive contains). Selecting a geofence takes the map to it at zoom 20; one with no
 * coordinates says so and clears the selection (spec 1 §8).
 */
export function GeofenceTree({ uid, actions }: GeofenceTreeProps) {
  const map = useMap();
  const t = useStrings().dashboard.tree;
  const spec = useSpecText();
  const { data, isPending } = useQuery({ queryKey: geofencesQueryKey(uid), queryFn: () => fetchGeofences(uid) });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const tree = useMemo(() => (data ? geofenceTree(data.templates, data.geofences, t.ungroup) : []), [data, t.ungroup]);
  const shown = useMemo(() => filterGeofenceTree(tree, search), [tree, search]);
  const byKey = useMemo(() => new Map(tree.flatMap((n) => n.children ?? []).map((n) => [n.key, n] as const)), [tree]);

  const select = (key: string | undefined) => {
    const g = key === undefined ? undefined : byKey.get(key)?.geofence;
    const view = g ? geofenceView(g) : null;
    if (!g || !view) {
      if (g) showToast('error', t.noLocation);
      setSelected([]);
      return;
    }
    setSelected([key ?? '']);
    // The user's own choice of view: the dashboard's first fit to the fleet leaves it alone.
    const mine = { originalEvent: new Event('geofence-focus') };
    if (view.kind === 'point') map.easeTo({ center: view.center, zoom: focusZoom(map, view.zoom) }, mine);
    else map.fitBounds(view.bounds, { maxZoom: focusZoom(map, view.maxZoom), padding: 60 }, mine);
  };

  return (
    <div className="geofence-tree" data-testid="geofence-tree">
      <Input.Search
        allowClear
        size="small"
        placeholder={t.search}
        aria-label={t.search}
        data-testid="geofence-search"
        onChange={(event) => setSearch(event.target.value)}
      />
      {isPending ? null : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
      ) : (
        <Tree
          // Mounted once the geofences are read, and again on each search: every template opens.
          key={search}
          blockNode
          defaultExpandAll
          height={TREE_HEIGHT}
          treeData={shown.map((n) => toDataNode(n, actions, spec))}
          selectedKeys={selected}
          onSelect={(_, info) => select(info.selected ? String(info.node.key) : undefined)}
        />
      )}
    </div>
  );
}
