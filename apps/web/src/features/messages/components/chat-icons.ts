// The chat's pictures, drawn like our icons (components/ui/path-icon): a paper clip, a speech
// bubble, a file, and the sent (✓) and read (✓✓) marks.
export const attachPath = 'M20 11.5 12.2 19.3a5 5 0 0 1-7.1-7.1l8.1-8.1a3.3 3.3 0 0 1 4.7 4.7l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4';
export const chatPath = 'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9ZM8 9h8m-8 3h5';
export const filePath = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Zm0 0v5h5M9 13h6m-6 4h4';
export const sentPath = 'M5 12.5 9.5 17 19 7.5';
export const readPath = 'M2 12.5 6.5 17 16 7.5M11 15.5l1.5 1.5L22 7.5';
