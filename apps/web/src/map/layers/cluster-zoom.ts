import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';

/** A click handler for a clustered source's discs: the map zooms into the cluster until it splits. */
export function zoomIntoCluster(sourceId: string): (event: MapLayerMouseEvent) => void {
  return (event) => {
    const map = event.target;
    const feature = event.features?.[0];
    const id: unknown = feature?.properties['cluster_id'];
    if (typeof id !== 'number' || feature?.geometry.type !== 'Point') return;
    const [lon = 0, lat = 0] = feature.geometry.coordinates;
    void map
      .getSource<GeoJSONSource>(sourceId)
      ?.getClusterExpansionZoom(id)
      .then((zoom) => map.easeTo({ center: [lon, lat], zoom }));
  };
}
