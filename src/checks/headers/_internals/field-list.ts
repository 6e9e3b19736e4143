/** The members of a list-valued field (RFC 9110 §5.6.1: `#element`), whose empty elements a recipient MUST accept; none where the field is absent. */
export const listMembers = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((member) => member.trim())
    .filter((member) => member.length > 0);
