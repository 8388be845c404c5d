/** The intake feature's public entry (docs/decisions/0045): the landing site a site key names. */
export { siteForKey } from './intake.service';
