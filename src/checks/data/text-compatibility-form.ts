import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';
import { NAMED_FIELDS, textNotAsSent } from './_internals/text-as-sent.js';

/**
 * Text answered in place of the text sent that is the same up to compatibility equivalence and not
 * up to canonical equivalence: NFKC folded in (full-width "，２" to ",2", "℃" to "°C"). Text in
 * another canonical form (NFC, NFD) is the same text and is left alone; any other change (escapes,
 * references, trimming) keeps its compatibility forms apart, so it is not mistaken for this.
 */
const compatibilityFolded = (sent: string, answered: string): boolean =>
  sent.normalize('NFC') !== answered.normalize('NFC') && sent.normalize('NFKC') === answered.normalize('NFKC');

export const textCompatibilityForm: ExchangeCheck<'data'> = {
  id: 'text-compatibility-form',
  scope: 'exchange',
  rule: '4, #14, #15; 2.3',
  quote:
    'soCusPo, soCaName, soCaMobile, soCaPhone, soCaProvince, soCaCity, soCaStreet, soNote (all strings) … Order with items (2.3, 2.4) … | soCaStreet | string | … | soNote | string |',
  standards: ['unicode-3.2-c7-request-text'],
  severity: 'warning',
  title: 'Text sent answered in Unicode compatibility form',
  description: `A field of the record an answer carries (the order a create answers, 2.3) that holds the text the request sent in the field of the same name with compatibility characters replaced by what they are compatible with, and not the same text in another canonical form: full-width punctuation and digits as their ASCII look-alikes ("工作日送货,周末前台代收(2号楼)" where "工作日送货，周末前台代收（２号楼）" was sent), ℃ as °C, ₄ as 4, ① as 1. That is Normalization Form KC run over the request's strings (a "full-width to half-width" helper): "When a process purports not to modify the interpretation of a valid coded character sequence, it shall make no change to that coded character sequence other than the possible replacement of character sequences by their canonical-equivalent sequences" (The Unicode Standard, 3.2 C7), and compatibility forms are no such sequences ("Normalization Forms KC and KD must not be blindly applied to arbitrary text", UAX #15). The text stored is not the text the customer wrote: a note that names a formula (CuSO₄·5H₂O) or a temperature loses what it said. Text in NFC or NFD where the other was sent is the same text, and is not reported. The base body of the alpha order create (#14) carries a note a Chinese input method types, with full-width punctuation and a full-width digit, in every call. One finding per answer, at the record and naming up to ${NAMED_FIELDS} fields: one cause, whatever the fields. A warning: the spec types the fields and does not say the text is kept as sent.`,
  needs: 'data',
  intents: ['conforming', 'flow'],
  appliesTo: (operation) => operation.response.kind === 'record' && operation.requestSchema !== undefined,
  run(exchange) {
    return textNotAsSent(sentBody(exchange), exchange.data, compatibilityFolded);
  },
};
