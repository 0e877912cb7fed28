/** Default centre (lng, lat) and zoom of spec 1 §9: the middle of Peninsular Malaysia. */
export const DEFAULT_CENTRE: [number, number] = [102.213207, 4.527157];
export const DEFAULT_ZOOM = 7;
