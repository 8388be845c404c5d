/** The saved-views feature's public entry (docs/decisions/0031): the bar and button the queue pages show. */
export { SavedViewsBar, SaveViewButton } from './SavedViews';
