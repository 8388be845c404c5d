/** product: screens.md#constants: the mobile breakpoint is 767 px; Bootstrap's `md` starts at 768. Apart from
 * use-media-query.ts (React) so that the entry can read it without loading React first. */
export const PHONE_QUERY = '(max-width: 767.98px)';
