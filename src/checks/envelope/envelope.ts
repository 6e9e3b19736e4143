import type { ExchangeCheck } from '../types.js';

const envelopeSchemas = {
  full: 'envelope.schema.json',
  'data-only': 'data-only-envelope.schema.json',
} as const;

export const envelope: ExchangeCheck = {
  id: 'envelope',
  scope: 'exchange',
  rule: '2.1',
  quote:
    'Every response body is a JSON object with these fields: data (object), status (string), code (string), message (string), error (object). The create-order response for the alpha catalogue carries only `data`.',
  severity: 'error',
  title: 'Envelope does not match 2.1',
  description: 'Fields of the envelope missing or mistyped; on #14, envelope fields beside `data`.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange, { validator }) {
    const body = exchange.response?.json.ok ? exchange.response.json.value : undefined;
    return validator
      .validate(envelopeSchemas[exchange.operation.envelope], body)
      .map(({ instancePath, expected, actual }) => ({ instancePath, expected, actual }));
  },
};
