/**
 * The saved-views feature's public entry (docs/decisions/0031): the bar and button the queue pages show, and the
 * request for a queue's views that its link makes with the queue's first page.
 */
export { SavedViewsBar, SaveViewButton } from './SavedViews';
export { prefetchSavedViews } from './saved-views-api';
