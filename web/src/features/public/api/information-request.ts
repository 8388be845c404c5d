/**
 * The answer page's calls (product: information-requests.md#answer): the link's request and sending the answers. The
 * token goes in the body, never in an address.
 */
import type { PublicRequest } from '../../../../../shared/schemas/information-requests';
import { publicApi } from './public-api';

export const openInformationRequest = async (token: string) =>
  (await publicApi.post<PublicRequest>('front/information-request', { token })).data;

export const answerInformationRequest = async (token: string, answers: Record<string, string | null>) =>
  publicApi.post<{ orderId: number }>('front/information-request/answer', { token, answers });
