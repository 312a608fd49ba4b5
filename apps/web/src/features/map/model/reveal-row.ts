// The list beside the map (the split view) brings the row of a marker pointed at on the map
// into its panel's view (station-list.tsx).

/**
 * Scrolls `scroller` the least needed to show `row` whole (or its top, when taller), without
 * moving focus or any other scrolling box, the page among them (`scrollIntoView` would).
 */
export function revealInScroller(scroller: HTMLElement, row: HTMLElement): void {
  const box = scroller.getBoundingClientRect();
  const item = row.getBoundingClientRect();
  if (item.top < box.top) scroller.scrollTop -= box.top - item.top;
  else if (item.bottom > box.bottom) scroller.scrollTop += Math.min(item.bottom - box.bottom, item.top - box.top);
}
