/** Sell-form choices. Order and spelling are part of the spec: leads already stored use these values. */
export const watchBrandChoices = [
  'Rolex',
  'Omega',
  'Patek Philippe',
  'Audemars Piguet',
  'Cartier',
  'Tudor',
  'Breitling',
  'IWC',
  'Panerai',
  'Vacheron Constantin',
  'Jaeger-LeCoultre',
  'Hublot',
  'Richard Mille',
  'F.P. Journe',
  'TAG Heuer',
  'Chopard',
  'Other',
] as const;

export type WatchBrandChoice = (typeof watchBrandChoices)[number];

export const watchConditionChoices = [
  'Excellent - Like new',
  'Very Good - Minor wear',
  'Good - Moderate wear',
  'Fair - Significant wear',
  'Needs Service/Repair',
] as const;

export type WatchConditionChoice = (typeof watchConditionChoices)[number];
