import { personLabel } from '#shared/team/names.ts';

/**
 * A person as the admin shows them (decision 095): the member's name, their address as the title
 * (the tooltip on hover, and what a screen reader may announce), the address alone for a member
 * without a name, and "System" where the app acted by itself (no address).
 */
export function PersonName({
  email,
  names = {},
}: {
  email: string | null | undefined;
  /** Names by address, as the server resolved them (EnquiryDetail.people and the like). */
  names?: Readonly<Record<string, string>> | undefined;
}) {
  const label = personLabel(email, names);
  return email && label !== email ? <span title={email}>{label}</span> : <>{label}</>;
}
