/**
 * The defence packs' kinds and titles, zod-free: the order page shows them without building the packs' schemas
 * (docs/decisions/0035). The server imports them from here too.
 */

export const DEFENCE_PACK_TYPES = [1, 2] as const;
export type DefencePackType = (typeof DEFENCE_PACK_TYPES)[number];

export const DEFENCE_PACK_TITLES: Record<DefencePackType, string> = {
  1: 'Defence Pack 1: Email History',
  2: 'Defence Pack 2: Download History',
};

/** `{orderId, defencePackType}`: the type as 1 or 2, digits accepted too. */
