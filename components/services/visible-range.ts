/** The rows of a virtual list in the page now, by index, first and last included. */
export interface VisibleRange {
  first: number;
  last: number;
}
