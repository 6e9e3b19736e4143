/** The token the reference servers of red team round 12's demonstrations accept. */
export const ROUND_12_TOKEN = 'red-team-round-12';
