/**
 * The saved-views feature's public entry (docs/decisions/0031): the bar and button the queue pages show, and the
 * query of a queue's views that its route loads with the queue's rows.
 */
export { SavedViewsBar, SaveViewButton } from './SavedViews';
export { savedViewsQuery } from './saved-views-api';
