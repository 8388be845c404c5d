/**
 * The yes/no questions of the arrival card as the customer answered them, in
 * full (product: orders.md#order-detail), so staff read exactly what was asked.
 * Used by the order detail page and anything else that shows the answers.
 */
export const IMMIGRATION_QUESTIONS = [
  { field: 'immigration_one', text: 'Have you ever been deported from Japan, or denied entry into Japan?' },
  { field: 'immigration_two', text: 'Have you ever been found guilty of a crime in Japan or in another country?' },
  {
    field: 'immigration_three',
    text: 'Do you currently possess narcotics, marijuana, opium, stimulants or psychotropic substances?',
  },
  { field: 'immigration_four', text: 'Do you currently possess firearms, swords or gunpowder?' },
] as const;

export const DECLARATION_QUESTIONS = [
  {
    field: 'declaration_one',
    text: 'Are you bringing any prohibited items into Japan (narcotics, firearms, explosives, counterfeit or brand-infringing goods, obscene materials, etc.)?',
  },
  {
    field: 'declaration_two',
    text: 'Are you bringing any restricted items into Japan (hunting guns, swords, animals and plants or their products that need quarantine, protected species, etc.)?',
  },
  {
    field: 'declaration_three',
    text: 'Are you bringing gold bars, gold coins or other gold products (90% gold or more)?',
  },
  {
    field: 'declaration_four',
    text: 'Are you bringing goods that exceed the duty-free allowance (including purchases, souvenirs and gifts)?',
  },
  { field: 'declaration_five', text: 'Are you bringing commercial goods or samples?' },
  { field: 'declaration_six', text: 'Are you bringing items that you were asked to carry for someone else?' },
  {
    field: 'declaration_seven',
    text: 'Are you carrying cash or other means of payment worth more than 1,000,000 yen, or precious metals weighing more than 1 kg?',
  },
  {
    field: 'declaration_eight',
    text: 'Do you have separately sent baggage (unaccompanied articles, including items sent by courier) arriving after you?',
  },
] as const;

export const PERSONAL_EFFECTS = [
  { field: 'alcoholic_beverages', label: 'Alcoholic beverages', unit: 'bottles' },
  { field: 'cigarettes', label: 'Cigarettes', unit: 'sticks' },
  { field: 'heat_not_burn', label: 'Heat-not-burn tobacco', unit: 'packs' },
  { field: 'cigars', label: 'Cigars', unit: 'sticks' },
  { field: 'others', label: 'Other tobacco', unit: 'g' },
  { field: 'perfume', label: 'Perfume', unit: 'oz' },
] as const;
