/** The token the reference servers of red team round 11's demonstrations accept. */
export const ROUND_11_TOKEN = 'red-team-round-11';
