// The shop's own icons (drawn like components/ui/icon-paths, kept out of the first load).

/** A shopping bag. */
export const bagPath = 'M5 8h14l-1 12H6L5 8Zm4 0V6.5a3 3 0 0 1 6 0V8';
/** A parcel: an order on its way. */
export const parcelPath = 'M4 7.5 12 4l8 3.5v9L12 20l-8-3.5v-9Zm0 0L12 11l8-3.5M12 11v9M8 5.8l8 3.5';
export const minusPath = 'M5 12h14';
export const plusPath = 'M12 5v14M5 12h14';
