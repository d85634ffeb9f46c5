/**
 * The reference a seller quotes when they call: the enquiry id's first eight hex digits, upper case.
 * Eight digits tell about four billion enquiries apart, and staff find it by the same prefix.
 */
export function enquiryReference(enquiryId: string): string {
  return enquiryId.replace(/-/g, '').slice(0, 8).toUpperCase();
}
