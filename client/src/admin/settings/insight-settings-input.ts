/** The reports card's fields as the schema reads them (decision 096): a cleared number field is no number. */
export function insightSettingsInput(days: number | string, marketersSeePrices: boolean): unknown {
  return { attributionWindowDays: days === '' ? undefined : Number(days), marketersSeePrices };
}
