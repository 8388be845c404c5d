/**
 * The request for information's public entry (docs/decisions/0045): the order page's part (mounted in its slot by
 * app/OrderDetailRoute.tsx) and the queues' "Customer replied" mark.
 */
export { InformationRequestSection } from './InformationRequestSection';
export { CustomerRepliedMark } from './CustomerRepliedMark';
export { useRepliedMarks } from './use-replied-marks';
