// The wizard's pictures, drawn like our icons (components/ui/path-icon): a tag with the waves
// of a contactless reader, and a tag with a tick for a bound one.
export const rfidTagPath = 'M3 7.5A1.5 1.5 0 0 1 4.5 6h9A1.5 1.5 0 0 1 15 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 3 16.5v-9ZM6.5 10h5m-5 3h3M17.5 9a4.5 4.5 0 0 1 0 6m2.5-8.5a8 8 0 0 1 0 11';
