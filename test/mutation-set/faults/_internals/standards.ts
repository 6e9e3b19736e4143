/** The documents a red-team fault names in `standard`, where several faults share them. */
export const OWASP = 'OWASP API Security Top 10 (2023)';

export const SPEC = 'OTP API spec';
