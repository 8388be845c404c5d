/** The metrics feature's public entry (docs/decisions/0045): the series other features count into. */
export { metricsFor, trackEventStream } from './metrics';
