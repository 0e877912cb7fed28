/**
 * Add and Edit POI and Zone (spec 1 §2 "Geofence maps"). Validation texts come from @jejak/domain
 * (GEOFENCE_TEXTS), shared with the server.
 */
export const enGeofenceForms = {
  titles: {
    addPoi: 'Add New POI',
    editPoi: 'Edit POI',
    addZone: 'Add New Zone',
    editZone: 'Edit Zone',
  },
  name: 'Name',
  comment: 'Comment',
  radius: 'Radius (metres)',
  templates: 'Geofence Templates',
  templatesPlaceholder: 'None: the built-in UNGROUP',
  colour: 'Colour',
  colourNote: 'The colour of the newest template chosen',
  shape: 'On the map',
  notPlaced: 'Not drawn yet',
  corners: (n: number) => `${n} corners`,
  redraw: 'Redraw',
  hints: {
    placeMarker: 'Click the map to place the POI.',
    moveMarker: 'Drag the marker to move the POI, or Redraw to place it again.',
    drawZone: 'Click the map to add corners; click the first corner again to finish.',
    editZone: 'Drag a corner to move it, a midpoint to add one, or the inside to move the zone; or Redraw.',
  },
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteBody: 'Vehicles are no longer checked against it, and its templates lose it. This cannot be undone.',
  added: 'Successfully Added New Geofence',
  edited: 'Successfully Edited Geofence',
  deleted: 'Successfully Deleted Geofence',
  saveError: 'Error at saving geofence',
  deleteError: 'Error at deleting geofence',
  notChosen: 'Choose a geofence to edit on the Geofence page.',
  readOnly: 'Your role may look at this geofence but not change it.',
};
