// The photo picker's picture, drawn like our icons (components/ui/path-icon): a camera with a
// plus, for adding photos to a review.
export const addPhotoPath = 'M4 8.5A1.5 1.5 0 0 1 5.5 7H8l1.5-2h5L16 7h2.5A1.5 1.5 0 0 1 20 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5v-9ZM12 10v6m-3-3h6';
