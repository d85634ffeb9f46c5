/** A share (0-1) as "33.3%", or an em dash where there is nothing to divide. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** Hours as "3 h", or an em dash when no enquiry got that far. */
export function hoursText(value: number | null): string {
  return value === null ? '—' : `${value} h`;
}
